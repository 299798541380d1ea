import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n/i18n.ts';
import { AiNote } from './ai-note.tsx';

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe("the flow's AI note", () => {
  it('says who wrote it, what was chosen and why, in the language on screen', async () => {
    render(
      <AiNote
        note={{
          at: '2026-11-24T10:00:00Z', by: 'built-in', summary: 'Cart reminders after 4 hours.',
          choices: [{ field: 'discount', value: '10%', why: 'Average order value is high.' }],
        }}
      />,
    );
    const note = screen.getByTestId('flow-ai-note');
    expect(note).toHaveTextContent('由内置生成器撰写');
    expect(note).toHaveTextContent('discount：10%');
    expect(note).toHaveTextContent('原因：Average order value is high.');
    await act(() => i18n.changeLanguage('en-US'));
    expect(note).toHaveTextContent('Written by the built-in generator');
    expect(note).toHaveTextContent('Why: Average order value is high.');
    expect(note).toHaveTextContent('Cart reminders after 4 hours.');
  });
});
