import type { FlowAiNote } from '@storecast/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n/i18n.ts';
import { AiNote } from './ai-note.tsx';

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const note: FlowAiNote = {
  at: '2026-11-24T10:00:00Z', by: 'built-in', outcome: 'keptOff', reason: { key: 'notices.automation.ai.cartNo', params: {} },
  choices: [
    { field: 'enabled', on: false, why: { key: 'notices.automation.ai.cartNo', params: {} } },
    { field: 'first_wait', amount: 4, unit: 'hours', why: { key: 'notices.automation.ai.waitUsual', params: {} } },
    { field: 'copy', by: 'built-in', language: 'en-US' },
  ],
};

describe("the flow's AI note", () => {
  it('says who wrote it, what was chosen and why, all in the language on screen and without raw keys', async () => {
    render(<AiNote note={note} />);
    const box = screen.getByTestId('flow-ai-note');
    expect(box).toHaveTextContent('由内置生成器撰写');
    expect(box).toHaveTextContent('AI 策略管理撰写了此流程的内容，但未开启：店铺前台还没有上报加购事件。');
    expect(box).toHaveTextContent('首次等待：4 小时');
    expect(box).toHaveTextContent('内容：内置写作助手');
    expect(box).toHaveTextContent('内容由内置写作助手以英文撰写（店铺语言）。');
    expect(box.textContent).not.toMatch(/[A-Za-z]{4,}|first_wait|notices\./);
    await act(() => i18n.changeLanguage('en-US'));
    expect(box).toHaveTextContent('Written by the built-in generator');
    expect(box).toHaveTextContent('AI strategy management wrote the messages of this flow but left it off: No add-to-cart events have arrived from the storefront yet.');
    expect(box).toHaveTextContent('First wait: 4 hours');
    expect(box).toHaveTextContent("Why: The messages were written in English, the store's language, by the built-in writer.");
    expect(box.textContent).not.toMatch(/[\u4e00-\u9fff]|first_wait|notices\./);
  });
});
