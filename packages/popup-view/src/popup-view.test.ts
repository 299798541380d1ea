import type { PopupContent } from '@storecast/contract';
import { popupContentSchema, shopperLanguage } from '@storecast/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPopup, pickShopperLanguage, type SubmitResult } from './index.ts';

const content = (over: Partial<PopupContent> = {}): PopupContent => popupContentSchema.parse({
  texts: {
    'zh-CN': { title: '订阅有礼', body: '正文', button: '订阅', consent: '我同意接收营销邮件', success_title: '订阅成功', success_body: '' },
    'en-US': { title: 'Join us', body: 'Body', button: 'Subscribe', consent: 'I agree to marketing e-mails', success_title: 'Welcome!', success_body: '' },
  },
  ...over,
});

function mount(opts: Partial<Parameters<typeof mountPopup>[1]> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const handle = mountPopup(host, { content: content(), language: 'en-US', ...opts });
  return { host, root: host.shadowRoot!, handle };
}

const submitForm = (root: ShadowRoot) => root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
const typeInto = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input'));
};

afterEach(() => { document.body.innerHTML = ''; });

describe('mountPopup', () => {
  it('draws an accessible dialog in an open shadow root with labels for every input', () => {
    const { root } = mount({ content: content({ fields: 'email_phone' }) });
    const dialog = root.querySelector('[role=dialog]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = root.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Join us');
    expect(root.querySelector('button.close')?.getAttribute('aria-label')).toBe('Close');
    for (const input of root.querySelectorAll('input')) {
      expect(root.querySelector(`label[for="${input.id}"]`), input.name).not.toBeNull();
    }
    expect(root.querySelector('input[type=email]')).not.toBeNull();
    expect(root.querySelector('input[type=tel]')).not.toBeNull();
  });

  it('speaks the shopper language, with the script words as fallback', () => {
    const { root } = mount({ language: 'zh-CN' });
    expect(root.querySelector('h2')?.textContent).toBe('订阅有礼');
    expect(root.querySelector('button.close')?.getAttribute('aria-label')).toBe('关闭');
    expect(root.querySelector('label.name')?.textContent).toBe('邮箱地址');
  });

  it('answers a missing address and consent before calling the server', async () => {
    const onSubmit = vi.fn();
    const { root } = mount({ language: 'zh-CN', onSubmit });
    submitForm(root);
    await Promise.resolve();
    const errors = [...root.querySelectorAll('.error')].map((e) => e.textContent).filter(Boolean);
    expect(errors).toEqual(['请输入邮箱地址', '请先勾选同意再订阅']);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(root.querySelector('input[type=email]')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('submits, shows the server field errors, then the coupon on success', async () => {
    let answer: SubmitResult = { ok: false, errors: { email: 'That address cannot receive mail' } };
    const onSubmit = vi.fn(async () => answer);
    const { root } = mount({ onSubmit });
    typeInto(root.querySelector<HTMLInputElement>('input[type=email]')!, ' shopper@example.com ');
    const consent = root.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    consent.checked = true;
    consent.dispatchEvent(new Event('change'));
    submitForm(root);
    await vi.waitFor(() => expect(root.querySelector('.error')?.textContent).toBe('That address cannot receive mail'));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'shopper@example.com', phone: '', consent: true, website: '' });
    answer = { ok: true, status: 'subscribed', coupon: { code: 'WELCOME10', discount: 10, description: '10% off' } };
    submitForm(root);
    await vi.waitFor(() => expect(root.querySelector('code')?.textContent).toBe('WELCOME10'));
    expect(root.querySelector('h2')?.textContent).toBe('Welcome!');
  });

  it('writes the coupon\'s line in the shopper\'s language, else the preset\'s description as written', () => {
    const coupon = { code: 'WELCOME10', discount: 10, description: '10% off your first order' };
    const withNotes = content();
    withNotes.texts['zh-CN'].coupon_note = '新客专属优惠';
    withNotes.texts['en-US'].coupon_note = 'A new-customer offer';
    const line = (opts: Partial<Parameters<typeof mountPopup>[1]>) => {
      const { root, handle } = mount({ view: 'success', coupon, ...opts });
      const text = root.querySelector('.coupon')!.nextElementSibling?.textContent;
      handle.unmount();
      return text;
    };
    expect(line({ content: withNotes, language: 'zh-CN' })).toBe('新客专属优惠');
    expect(line({ content: withNotes, language: 'en-US' })).toBe('A new-customer offer');
    expect(line({ language: 'zh-CN' })).toBe('10% off your first order');
    expect(line({ language: 'zh-CN', coupon: { ...coupon, description: '' } })).toBeUndefined();
  });

  it('closes on Escape and on the close button, and leaves the host empty', () => {
    const onClose = vi.fn();
    const { root } = mount({ onClose });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[role=dialog]')).toBeNull();
    const second = mount({ onClose });
    second.root.querySelector<HTMLButtonElement>('button.close')!.click();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside a modal pop-up', () => {
    const { root } = mount();
    const close = root.querySelector<HTMLButtonElement>('button.close')!;
    const submit = root.querySelector<HTMLButtonElement>('button[type=submit]')!;
    submit.focus();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', cancelable: true, bubbles: true });
    document.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(root.activeElement).toBe(close);
  });

  it('draws every layout and image position, and a preview stays in its host', () => {
    for (const layout of ['center', 'corner', 'bar', 'fullscreen'] as const) {
      for (const image_position of ['none', 'top', 'left'] as const) {
        const { root, handle } = mount({ preview: true, content: content({ layout, image_position, image_url: 'https://img.example.com/a.png' }) });
        expect(root.querySelector('h2')?.textContent).toBe('Join us');
        handle.update({ view: 'success', coupon: { code: 'X1', discount: 5, description: '' } });
        expect(root.querySelector('code')?.textContent).toBe('X1');
        handle.unmount();
      }
    }
    // The styles arrive as a constructed sheet: a strict CSP refuses inline <style> elements.
    const { root } = mount({ preview: true });
    expect(root.adoptedStyleSheets.length + root.querySelectorAll('style').length).toBe(1);
  });

  it('picks the shopper language like the contract does', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-TW', 'ZH-hk', 'en', 'en-US', 'fr-FR', '', null, undefined, 'zhx']) {
      expect(pickShopperLanguage(tag)).toBe(shopperLanguage(tag));
    }
  });
});
