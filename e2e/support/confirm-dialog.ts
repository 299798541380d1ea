import type { Locale } from '@storecast/contract';
import antdEnUS from 'antd/locale/en_US';
import antdZhCN from 'antd/locale/zh_CN';
import type { Locator, Page } from 'playwright-core';
import { awaitSettled } from './await-settled.ts';

type AntdLocale = typeof antdEnUS;

/** antd's locale files are CommonJS around an ES default, so Node's import wraps them once more. */
const unwrap = (m: AntdLocale): AntdLocale => (m as AntdLocale & { default?: AntdLocale }).default ?? m;
const ANTD: Record<Locale, AntdLocale> = { 'zh-CN': unwrap(antdZhCN), 'en-US': unwrap(antdEnUS) };

/** A button label as antd shows it: two Chinese characters get a space between ("确 定"). */
export function buttonName(label: string): RegExp {
  return new RegExp(`^${[...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);
}

/**
 * antd's confirmation dialog with this title, and its OK and Cancel buttons found by the labels
 * antd shows in the app's language, so a dialog left in the wrong language fails the lookup.
 */
export function confirmDialog(page: Page, lang: Locale, title: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
  const texts = ANTD[lang].Modal!;
  const ok = dialog.getByRole('button', { name: buttonName(texts.okText!) });
  return {
    dialog,
    ok,
    cancel: dialog.getByRole('button', { name: buttonName(texts.cancelText!) }),
    /**
     * Waits until the dialog has finished zooming in, so a click lands on the button and a
     * screenshot shows the dialog, not a half-faded frame of it.
     */
    settled: (): Promise<Locator> => awaitSettled(dialog),
  };
}
