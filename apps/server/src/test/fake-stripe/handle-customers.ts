import { allowParams, listOf, mergeMetadata, requireSecretKey, type Handler } from './fake-stripe-context.ts';
import { getOr404, newId, nowSeconds, type StripeObject } from './fake-stripe-store.ts';
import { invalidRequest } from './stripe-error.ts';

const FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'preferred_locales', 'payment_method'];

/** `/v1/customers`: create, retrieve, update (incl. `invoice_settings[default_payment_method]`), its payment methods. */
export const handleCustomers: Handler = (ctx) => {
  const [root, id, sub] = ctx.parts;
  if (root !== 'customers') return undefined;
  requireSecretKey(ctx);
  const { store, params } = ctx;

  if (ctx.method === 'POST' && !id) {
    allowParams(ctx, FIELDS);
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: null,
      invoice_prefix: newId('x').slice(2, 10).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: {},
      name: null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    store.customers.set(customer.id, customer);
    return update(customer);
  }
  if (!id) return undefined;
  const customer = getOr404(store.customers, id, 'id', 'customer');
  if (ctx.method === 'GET' && !sub) return customer;
  if (ctx.method === 'POST' && !sub) {
    allowParams(ctx, FIELDS);
    return update(customer);
  }
  if (ctx.method === 'GET' && sub === 'payment_methods') {
    allowParams(ctx, ['type', 'limit']);
    const type = params.str('type');
    const data = [...store.paymentMethods.values()].filter((pm) => pm.customer === id && (!type || pm.type === type));
    return listOf(`/v1/customers/${id}/payment_methods`, data.reverse());
  }
  return undefined;

  function update(c: StripeObject): StripeObject {
    for (const f of ['email', 'name', 'description', 'phone'] as const) {
      const v = params.str(f);
      if (v !== undefined) {
        if (v.length > 512) throw invalidRequest(`Invalid string: ${f} must be at most 512 characters.`, f);
        c[f] = v === '' ? null : v;
      }
    }
    c.metadata = mergeMetadata(c.metadata, params.form.metadata);
    const locales = params.list('preferred_locales');
    if (locales.length) c.preferred_locales = locales;
    const pmId = params.str('payment_method');
    if (pmId) attachTo(pmId, c.id);
    const settings = params.obj('invoice_settings');
    if (settings && 'default_payment_method' in settings) {
      const dpm = settings.default_payment_method;
      if (typeof dpm !== 'string') throw invalidRequest('Invalid string', 'invoice_settings[default_payment_method]');
      if (dpm !== '') {
        const pm = store.paymentMethods.get(dpm);
        if (!pm || pm.customer !== c.id) {
          throw invalidRequest(
            `No such PaymentMethod: '${dpm}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
            'invoice_settings[default_payment_method]',
            'resource_missing',
          );
        }
      }
      (c.invoice_settings as Record<string, unknown>).default_payment_method = dpm === '' ? null : dpm;
    }
    return c;
  }

  function attachTo(pmId: string, customerId: string) {
    const pm = getOr404(store.paymentMethods, pmId, 'payment_method', 'PaymentMethod');
    if (pm.customer && pm.customer !== customerId) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
    }
    pm.customer = customerId;
  }
};
