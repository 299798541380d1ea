import { popupConditionsSchema, popupContentSchema, saveCustomPopupBody, saveMainPopupBody } from '@storecast/contract';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { fieldProblem, firstProblem, schemaIssues } from './schema-rule.ts';

/**
 * The editors judge every field by the contract's schema of the whole form, so the sentence
 * under a field is the one the server would answer with, in the admin's language.
 */
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const texts = { title: '订阅', button: '订阅', consent: '我同意', success_title: '谢谢' };
const content = popupContentSchema.parse({ texts: { 'zh-CN': texts, 'en-US': texts } });
const conditions = popupConditionsSchema.parse({});
const conditionForm = saveMainPopupBody.pick({ conditions: true, double_opt_in: true });
const contentForm = saveCustomPopupBody.pick({ name: true, content: true });

describe('pop-up editor validation', () => {
  it('accepts the defaults and a filled content', () => {
    expect(schemaIssues(conditionForm, { conditions, double_opt_in: false }).size).toBe(0);
    expect(firstProblem(contentForm, { name: '欢迎', content })).toBeNull();
  });

  it.each([
    ['zh-CN', '页面名称最多 10 个字符。'],
    ['en-US', 'The page name is at most 10 characters.'],
  ])('names a page name over 10 characters in %s', async (lang, message) => {
    await act(() => i18n.changeLanguage(lang));
    const values = { conditions: { ...conditions, pages: { mode: 'include', rules: [{ name: 'x'.repeat(11), match: 'contains', value: '/sale' }] } }, double_opt_in: false };
    expect(fieldProblem(conditionForm, values, ['conditions', 'pages', 'rules', 0, 'name'])).toBe(message);
    expect(fieldProblem(conditionForm, values, ['conditions', 'pages', 'rules', 0, 'value'])).toBeNull();
  });

  it('keeps the scroll distance a positive whole number below 100', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const at = (scroll: unknown) => fieldProblem(conditionForm, { conditions: { ...conditions, trigger: { ...conditions.trigger, scroll_percent: scroll } }, double_opt_in: false }, ['conditions', 'trigger', 'scroll_percent']);
    expect(at(99)).toBeNull();
    expect(at(1)).toBeNull();
    for (const bad of [100, 0, 12.5, null]) expect(at(bad)).toBe('The scroll distance must be a positive whole number below 100.');
  });

  it('puts a schedule that ends before it starts on the end field', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const values = { conditions: { ...conditions, schedule: { start_at: '2030-01-02T00:00:00.000Z', end_at: '2030-01-01T00:00:00.000Z' } }, double_opt_in: false };
    expect(fieldProblem(conditionForm, values, ['conditions', 'schedule', 'end_at'])).toBe(i18n.t('errors.popup.scheduleOrder'));
    expect(fieldProblem(conditionForm, values, ['conditions', 'schedule', 'start_at'])).toBeNull();
  });

  it.each([
    ['zh-CN', 'en-US'],
    ['en-US', 'zh-CN'],
  ])('names an empty or long title in either shopper language, in the admin\'s language %s', async (lang, shopper) => {
    await act(() => i18n.changeLanguage(lang));
    const withTitle = (title: string) => ({ name: 'Welcome', content: { ...content, texts: { ...content.texts, [shopper]: { ...texts, title } } } });
    const path = ['content', 'texts', shopper, 'title'];
    expect(fieldProblem(contentForm, withTitle(' '), path)).toBe(i18n.t('errors.popup.titleRequired'));
    expect(fieldProblem(contentForm, withTitle('x'.repeat(81)), path)).toBe(i18n.t('errors.popup.titleTooLong'));
    expect(fieldProblem(contentForm, withTitle('x'.repeat(80)), path)).toBeNull();
    expect(i18n.t('errors.popup.titleTooLong')).toBe(lang === 'en-US' ? 'The title is at most 80 characters.' : '标题最多 80 个字符。');
  });

  it('refuses a colour that is not #RRGGBB and an image link without http(s)', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const values = { name: 'x', content: { ...content, image_url: 'javascript:alert(1)', colors: { ...content.colors, accent: 'red' } } };
    expect(fieldProblem(contentForm, values, ['content', 'colors', 'accent'])).toBe('A colour must look like #RRGGBB.');
    expect(fieldProblem(contentForm, values, ['content', 'image_url'])).toBe('The image link must start with http:// or https://.');
    expect(firstProblem(contentForm, { ...values, name: '' })?.path).toBe('name');
  });
});
