import { describe, expect, it } from 'vitest';
import { readAiNote } from './read-ai-note.ts';

/** Notes stored as sentences, before notes were data, read as data again. */
describe('an AI note stored as sentences', () => {
  it('reads a Chinese note back as keys and values', () => {
    expect(readAiNote({
      at: '2026-11-20T08:00:00.000Z', by: 'built-in',
      summary: 'AI 策略管理撰写了此流程的内容，但未开启：店铺还没有订单。',
      choices: [
        { field: 'enabled', value: '关闭', why: '店铺还没有订单。' },
        { field: 'first_wait', value: '1 天', why: '在顾客离开几小时后提醒，购买意向仍在，又不显得催促。' },
        { field: 'coupon', value: 'QUARTER (25%)', why: '选用了折扣最接近 15% 的预设（不超过 30%），足以促成犹豫的顾客，又不会让顾客养成等折扣的习惯。' },
        { field: 'copy', value: 'built-in', why: '内容由内置写作助手以中文撰写。' },
      ],
    })).toEqual({
      at: '2026-11-20T08:00:00.000Z', by: 'built-in', outcome: 'keptOff', reason: { key: 'notices.automation.ai.ordersNo', params: {} },
      choices: [
        { field: 'enabled', on: false, why: { key: 'notices.automation.ai.ordersNo', params: {} } },
        { field: 'first_wait', amount: 1, unit: 'days', why: { key: 'notices.automation.ai.waitUsual', params: {} } },
        { field: 'coupon', code: 'QUARTER', discount: 25, why: { key: 'notices.automation.ai.coupon', params: {} } },
        { field: 'copy', by: 'built-in', language: null },
      ],
    });
  });

  it("reads an English refusal with the refusal's own key, and a count as a number", () => {
    const note = readAiNote({
      at: '2026-11-20T08:00:00.000Z', by: 'ai',
      summary: "AI strategy management prepared this flow but could not turn it on: You have not verified the sender's email address, so you cannot enable Smart Send.",
      choices: [{ field: 'enabled', value: 'on', why: 'The storefront recorded 12 add-to-cart events in the last 90 days, so shoppers who did not buy can be reminded.' }],
    });
    expect(note).toMatchObject({
      outcome: 'blocked', reason: { key: 'errors.automation.senderEmailNotVerified', params: {} },
      choices: [{ field: 'enabled', on: true, why: { key: 'notices.automation.ai.cartYes', params: { count: 12 } } }],
    });
  });

  it('leaves out what no template matches, and reads nothing from what is not a note', () => {
    expect(readAiNote({ at: 'x', by: 'ai', summary: 'Something else', choices: [{ field: 'mood', value: 'good', why: 'because' }] }))
      .toEqual({ at: 'x', by: 'ai', outcome: 'keptOff', reason: null, choices: [] });
    expect(readAiNote(null)).toBeNull();
    expect(readAiNote({ summary: 1 })).toBeNull();
  });
});
