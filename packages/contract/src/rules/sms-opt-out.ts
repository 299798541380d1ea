/**
 * Every marketing SMS says how to stop them (carriers and the law in most markets ask for it).
 * The words are the ones the inbound webhook honours: TD (退订) in Chinese, STOP in English. The
 * line follows the text's own language, so an English text stays GSM-7 and a Chinese one reads
 * naturally, whoever published it.
 */
export const SMS_OPT_OUT_LINES = { 'zh-CN': '回复TD退订', 'en-US': 'Reply STOP to opt out' } as const;

/** Whether the text already tells the reader how to stop (in either language). */
export function hasSmsOptOut(text: string): boolean {
  return /\b(STOP|UNSUBSCRIBE)\b/i.test(text) || /退订/.test(text);
}

/** The text as sent: with the opt-out line in the text's language when it has none. */
export function withSmsOptOut(text: string): string {
  if (hasSmsOptOut(text)) return text;
  const line = /[\u3400-\u9fff]/.test(text) ? SMS_OPT_OUT_LINES['zh-CN'] : SMS_OPT_OUT_LINES['en-US'];
  return `${text.trimEnd()} ${line}`;
}
