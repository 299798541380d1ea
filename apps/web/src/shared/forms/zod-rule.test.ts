import { emailSchema, homepageSchema, loginBody, mobileSchema, passwordSchema, registerBody, storeNameSchema, translateError, audienceRoutes } from '@storecast/contract';
import type { FormInstance, FormRule } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n.ts';
import { sameAsRule, zodRule } from './zod-rule.ts';

/** Runs an antd rule the way antd does and returns its message, or null when it passes. */
async function run(rule: FormRule, value: unknown, values: Record<string, unknown> = {}): Promise<string | null> {
  const form = { getFieldValue: (name: string) => values[name] } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  try {
    await resolved.validator!({} as never, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zodRule', () => {
  beforeAll(() => i18n.changeLanguage('zh-CN'));

  it('passes valid values', async () => {
    expect(await run(zodRule(storeNameSchema), 'My shop')).toBeNull();
    expect(await run(zodRule(homepageSchema), 'shop.example.com')).toBeNull();
    expect(await run(zodRule(passwordSchema), 'abcd1234')).toBeNull();
  });

  it('says what the server says, in the current language', async () => {
    expect(await run(zodRule(storeNameSchema), 'x'.repeat(31))).toBe(translateError('zh-CN', 'errors.store.nameTooLong'));
    expect(await run(zodRule(storeNameSchema), '')).toBe('店铺名称不能为空。');
    expect(await run(zodRule(storeNameSchema), undefined)).toBe('店铺名称不能为空。');
    await i18n.changeLanguage('en-US');
    expect(await run(zodRule(emailSchema), 'not-an-email')).toBe('Account format is not correct.');
    expect(await run(zodRule(homepageSchema), 'nope')).toBe('The link to the store homepage format error.');
    expect(await run(zodRule(passwordSchema), 'short1')).toBe(translateError('en-US', 'errors.password.rule'));
    await i18n.changeLanguage('zh-CN');
  });

  it('handles optional and checkbox fields of the contract', async () => {
    expect(await run(zodRule(registerBody.shape.confirm_password), undefined)).toBeNull();
    expect(await run(zodRule(registerBody.shape.confirm_password), '')).toBeNull();
    expect(await run(zodRule(mobileSchema), '12')).toBe('手机号格式不正确。');
    expect(await run(zodRule(registerBody.shape.agree_terms), false)).toBe('请同意服务条款和反垃圾邮件政策。');
    expect(await run(zodRule(registerBody.shape.agree_terms), true)).toBeNull();
  });
});

describe('fields without a message of their own', () => {
  it('say what is wrong with the contract\'s generic sentences', async () => {
    const password = loginBody.options[0].shape.password;
    expect(await run(zodRule(password), undefined)).toBe('请输入密码。');
    const q = audienceRoutes.subscriberList.query!.shape.q;
    expect(await run(zodRule(q), 'x'.repeat(201))).toBe('最多 200 个字符。');
    expect(await run(zodRule(q), 42)).toBe('此项的值类型不正确。');
    await i18n.changeLanguage('en-US');
    expect(await run(zodRule(q), 'x'.repeat(201))).toBe('At most 200 characters.');
    expect(await run(zodRule(audienceRoutes.tagDelete.body!.shape.id), undefined)).toBe('This field is required.');
    await i18n.changeLanguage('zh-CN');
  });
});

describe('sameAsRule', () => {
  it('reports the contract mismatch message when the fields differ', async () => {
    const rule = sameAsRule('password', 'errors.password.mismatch');
    expect(await run(rule, 'abcd1234', { password: 'abcd1234' })).toBeNull();
    expect(await run(rule, 'abcd12345', { password: 'abcd1234' })).toBe('两次输入的新密码不一致。');
  });
});
