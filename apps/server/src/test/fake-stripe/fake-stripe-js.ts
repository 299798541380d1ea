/**
 * The part of Stripe.js v3 the admin uses, served at `/v3/`: `Stripe(pk).elements().create('card')`
 * renders plain inputs (a real element is an iframe from Stripe's origin; these values, too, go
 * only to the fake's API, never to our server), `confirmCardSetup`, `confirmCardPayment` and
 * `handleCardAction` call the fake's API from the browser with the publishable key, and a 3-D
 * Secure card shows a dialog whose buttons settle the challenge through the private `_test_3ds`.
 * Plain ES2017 in one string: it runs in the page as Stripe.js would.
 */
export function fakeStripeJs(apiBase: string): string {
  return `(function () {
  'use strict';
  var API = ${JSON.stringify(apiBase)};

  function encode(obj, prefix, out) {
    Object.keys(obj).forEach(function (k) {
      var v = obj[k];
      var key = prefix ? prefix + '[' + k + ']' : k;
      if (v === undefined || v === null) return;
      if (typeof v === 'object') encode(v, key, out);
      else out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
    });
    return out;
  }

  function call(pk, method, path, params) {
    var body = encode(params || {}, '', []).join('&');
    var url = API + path + (method === 'GET' && body ? '?' + body : '');
    return fetch(url, {
      method: method,
      headers: { Authorization: 'Bearer ' + pk, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : body,
    }).then(function (res) {
      return res.json().then(function (json) { return { ok: res.ok, json: json }; });
    }, function () {
      return { ok: false, json: { error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } } };
    });
  }

  function publicError(e) {
    var out = { type: e.type, code: e.code, decline_code: e.decline_code, message: e.message, param: e.param };
    if (e.payment_intent) out.payment_intent = e.payment_intent;
    if (e.setup_intent) out.setup_intent = e.setup_intent;
    if (e.payment_method) out.payment_method = e.payment_method;
    return out;
  }

  function intentIdOf(secret) { return String(secret || '').split('_secret_')[0]; }

  function el(tag, attrs, parent) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'style') e.style.cssText = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    if (parent) parent.appendChild(e);
    return e;
  }

  function threeDsDialog() {
    return new Promise(function (resolve) {
      var back = el('div', { 'data-testid': 'stripe-3ds-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': '3D Secure',
        style: 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center' }, document.body);
      var box = el('div', { style: 'background:#fff;padding:24px;border-radius:8px;font:14px sans-serif;min-width:280px' }, back);
      el('p', { text: '3D Secure 2 Test Page' }, box);
      var ok = el('button', { type: 'button', 'data-testid': 'stripe-3ds-complete', text: 'Complete', style: 'margin-right:8px' }, box);
      var no = el('button', { type: 'button', 'data-testid': 'stripe-3ds-fail', text: 'Fail' }, box);
      function done(outcome) { back.remove(); resolve(outcome); }
      ok.addEventListener('click', function () { done('complete'); });
      no.addEventListener('click', function () { done('fail'); });
    });
  }

  function makeCardElement() {
    var handlers = {};
    var root = null;
    var inputs = {};
    function emit(name, payload) { (handlers[name] || []).forEach(function (cb) { try { cb(payload); } catch (e) { setTimeout(function () { throw e; }); } }); }
    function values() {
      var number = (inputs.number ? inputs.number.value : '').replace(/\\s+/g, '');
      var exp = (inputs.expiry ? inputs.expiry.value : '').replace(/\\s+/g, '');
      var m = /^(\\d{1,2})\\/?(\\d{2}|\\d{4})$/.exec(exp);
      return { number: number, exp_month: m ? m[1] : '', exp_year: m ? m[2] : '', cvc: inputs.cvc ? inputs.cvc.value.trim() : '' };
    }
    function state() {
      var v = values();
      var brand = /^4/.test(v.number) ? 'visa' : /^(5[1-5]|2[2-7])/.test(v.number) ? 'mastercard' : 'unknown';
      return { elementType: 'card', empty: !v.number && !v.exp_month && !v.cvc, complete: v.number.length >= 12 && !!v.exp_month && v.cvc.length >= 3, brand: brand, error: undefined };
    }
    var element = {
      _values: values,
      _validate: function () {
        var v = values();
        if (!v.number) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
        if (!v.exp_month) return { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
        if (!v.cvc) return { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
        return null;
      },
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Stripe: mount target not found');
        root = el('div', { 'class': 'StripeElement fake-stripe-card', style: 'display:flex;gap:8px' }, host);
        inputs.number = el('input', { 'data-testid': 'stripe-card-number', name: 'cardnumber', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: 'Card number', 'aria-label': 'Card number', style: 'flex:1;min-width:0' }, root);
        inputs.expiry = el('input', { 'data-testid': 'stripe-card-expiry', name: 'exp-date', autocomplete: 'cc-exp', placeholder: 'MM / YY', 'aria-label': 'Expiration date', style: 'width:70px' }, root);
        inputs.cvc = el('input', { 'data-testid': 'stripe-card-cvc', name: 'cvc', autocomplete: 'cc-csc', placeholder: 'CVC', 'aria-label': 'CVC', style: 'width:50px' }, root);
        Object.keys(inputs).forEach(function (k) {
          inputs[k].addEventListener('input', function () { emit('change', state()); });
          inputs[k].addEventListener('focus', function () { emit('focus', { elementType: 'card' }); });
          inputs[k].addEventListener('blur', function () { emit('blur', { elementType: 'card' }); });
        });
        setTimeout(function () { emit('ready', { elementType: 'card' }); });
      },
      on: function (name, cb) { (handlers[name] = handlers[name] || []).push(cb); return element; },
      off: function (name, cb) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== cb; }); return element; },
      update: function () {},
      focus: function () { if (inputs.number) inputs.number.focus(); },
      blur: function () {},
      clear: function () { Object.keys(inputs).forEach(function (k) { inputs[k].value = ''; }); emit('change', state()); },
      unmount: function () { if (root) root.remove(); root = null; inputs = {}; },
      destroy: function () { element.unmount(); handlers = {}; },
    };
    return element;
  }

  function Stripe(pk) {
    if (!(this instanceof Stripe)) return new Stripe(pk);
    var self = this;
    var cardElement = null;

    function paymentMethodParams(data) {
      var pm = data && data.payment_method;
      if (typeof pm === 'string') return { payment_method: pm };
      if (pm && pm.card) {
        var invalid = pm.card._validate();
        if (invalid) return { error: invalid };
        var v = pm.card._values();
        return { payment_method_data: { type: 'card', card: { number: v.number, exp_month: v.exp_month, exp_year: v.exp_year, cvc: v.cvc }, billing_details: pm.billing_details } };
      }
      return {};
    }

    // After a confirm: a 3-D Secure challenge when the intent asks for one, then the final state.
    function settle(kind, secret, res) {
      var key = kind === 'payment_intents' ? 'paymentIntent' : 'setupIntent';
      if (!res.ok) return { error: publicError(res.json.error || { type: 'api_error', message: 'Unknown error' }) };
      var intent = res.json;
      if (intent.status !== 'requires_action') return finalResult(key, intent);
      return threeDsDialog().then(function (outcome) {
        return call(pk, 'POST', '/v1/' + kind + '/' + intent.id + '/_test_3ds', { client_secret: secret, outcome: outcome });
      }).then(function (r) {
        if (!r.ok) return { error: publicError(r.json.error) };
        return finalResult(key, r.json);
      });
    }

    function finalResult(key, intent) {
      var err = intent.last_payment_error || intent.last_setup_error;
      if (intent.status === 'requires_payment_method' && err) {
        var e = publicError(err);
        e[key === 'paymentIntent' ? 'payment_intent' : 'setup_intent'] = intent;
        return { error: e };
      }
      var out = {};
      out[key] = intent;
      return out;
    }

    function confirm(kind, secret, data) {
      var id = intentIdOf(secret);
      return call(pk, 'GET', '/v1/' + kind + '/' + id, { client_secret: secret }).then(function (cur) {
        if (!cur.ok) return { error: publicError(cur.json.error) };
        var intent = cur.json;
        if (intent.status === 'requires_action') return settle(kind, secret, cur);
        if (intent.status === 'succeeded' || intent.status === 'processing') return finalResult(kind === 'payment_intents' ? 'paymentIntent' : 'setupIntent', intent);
        var pmParams = paymentMethodParams(data);
        if (pmParams.error) return { error: pmParams.error };
        var body = Object.assign({ client_secret: secret, use_stripe_sdk: 'true' }, pmParams);
        return call(pk, 'POST', '/v1/' + kind + '/' + id + '/confirm', body).then(function (res) { return settle(kind, secret, res); });
      });
    }

    self.elements = function () {
      return {
        create: function (type) {
          if (type !== 'card') throw new Error('fake Stripe.js: only the card element is available');
          cardElement = makeCardElement();
          return cardElement;
        },
        getElement: function (type) { return type === 'card' ? cardElement : null; },
      };
    };
    self.confirmCardSetup = function (secret, data) { return confirm('setup_intents', secret, data); };
    self.confirmCardPayment = function (secret, data) { return confirm('payment_intents', secret, data); };
    self.handleCardAction = function (secret) { return confirm('payment_intents', secret, undefined); };
    self.handleNextAction = function (opts) { return confirm('payment_intents', opts && opts.clientSecret, undefined); };
    self.retrievePaymentIntent = function (secret) {
      return call(pk, 'GET', '/v1/payment_intents/' + intentIdOf(secret), { client_secret: secret }).then(function (r) {
        return r.ok ? { paymentIntent: r.json } : { error: publicError(r.json.error) };
      });
    };
    self.retrieveSetupIntent = function (secret) {
      return call(pk, 'GET', '/v1/setup_intents/' + intentIdOf(secret), { client_secret: secret }).then(function (r) {
        return r.ok ? { setupIntent: r.json } : { error: publicError(r.json.error) };
      });
    };
  }

  window.Stripe = Stripe;
})();
`;
}
