import type { FlowDefinition, FlowStep } from '@storecast/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n/i18n.ts';
import { flowIssues } from '../flow-issues.ts';
import { StepTimeline } from './step-timeline.tsx';

const start: FlowStep[] = [
  { key: 'wait-1', type: 'wait', amount: 4, unit: 'hours' },
  { key: 'email-1', type: 'email', title: 'Your cart', summary: '', content: null, coupon_id: null },
];

/** The timeline as the page holds it: the draft in state, the contract's problems worked out from it. */
function Host({ initial = start, seen }: { initial?: FlowStep[]; seen: FlowStep[][] }) {
  const [steps, setSteps] = useState(initial);
  const draft: FlowDefinition = { steps, exit_on_purchase: true, utm: { source: 'storecast', medium: 'email', campaign: '' } };
  return (
    <StepTimeline
      steps={steps}
      change={(next) => {
        seen.push(next);
        setSteps(next);
      }}
      issues={flowIssues(draft).steps}
      couponPresets={[]}
      quietHours={{ start: 21, end: 8 }}
      editContent={() => {}}
    />
  );
}

const cards = (root: HTMLElement = document.body) =>
  within(root).queryAllByTestId(/^step-[a-z]+-\d+$/).map((el) => el.dataset.testid!.slice('step-'.length));

function add(testId: string, type: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(within(screen.getByTestId(`${testId}-types`)).getByTestId(`add-${type}`));
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

// Each click re-renders the whole tree of antd cards; on a busy machine that takes seconds.
describe('the flow step timeline', { timeout: 20_000 }, () => {
  it('adds a step after any step and inside a split branch', () => {
    const seen: FlowStep[][] = [];
    render(<Host seen={seen} />);
    expect(cards()).toEqual(['wait-1', 'email-1']);
    add('step-add-after-wait-1', 'sms');
    expect(cards()).toEqual(['wait-1', 'sms-1', 'email-1']);
    add('step-add-after-email-1', 'split');
    expect(cards()).toEqual(['wait-1', 'sms-1', 'email-1', 'split-1']);
    // The branches of the new split, each with its own "+".
    add('step-add-first-split-1-no', 'sms');
    add('step-add-first-split-1-yes', 'wait');
    expect(cards(screen.getByTestId('step-list-split-1-yes'))).toEqual(['wait-2']);
    expect(cards(screen.getByTestId('step-list-split-1-no'))).toEqual(['sms-2']);
    expect(seen.at(-1)!.at(-1)).toMatchObject({ type: 'split', yes: [{ key: 'wait-2' }], no: [{ key: 'sms-2' }] });
  });

  it('moves steps up and down within their list and deletes them', () => {
    const seen: FlowStep[][] = [];
    render(<Host seen={seen} />);
    const card = (key: string) => screen.getByTestId(`step-${key}`);
    expect(within(card('wait-1')).getByTestId('step-up')).toBeDisabled();
    fireEvent.click(within(card('wait-1')).getByTestId('step-down'));
    expect(cards()).toEqual(['email-1', 'wait-1']);
    fireEvent.click(within(card('wait-1')).getByTestId('step-up'));
    expect(cards()).toEqual(['wait-1', 'email-1']);
    fireEvent.click(within(card('wait-1')).getByTestId('step-remove'));
    expect(cards()).toEqual(['email-1']);
  });

  it('adds "SMS after 6 h unopened" after an e-mail in one click', () => {
    const seen: FlowStep[][] = [];
    render(<Host seen={seen} />);
    fireEvent.click(screen.getByTestId('email-add-sms-after-unopened'));
    expect(cards()).toEqual(['wait-1', 'email-1', 'wait-2', 'split-1', 'sms-1']);
    expect(seen.at(-1)!.slice(2)).toEqual([
      { key: 'wait-2', type: 'wait', amount: 6, unit: 'hours' },
      { key: 'split-1', type: 'split', condition: 'opened', yes: [], no: [{ key: 'sms-1', type: 'sms', text: '' }] },
    ]);
    // Once there, the shortcut is not offered again for that e-mail.
    expect(screen.queryByTestId('email-add-sms-after-unopened')).toBeNull();
  });

  it("shows the contract's problems on the step's field in both languages", async () => {
    const seen: FlowStep[][] = [];
    render(<Host seen={seen} />);
    const amount = screen.getByTestId('wait-amount');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.blur(amount);
    expect(seen.at(-1)![0]).toMatchObject({ amount: 0 });
    const waitCard = screen.getByTestId('step-wait-1');
    expect(within(waitCard).getByText('等待时长须为 1 分钟到 90 天之间的整数。')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-US'));
    expect(within(waitCard).getByText('A wait must be a whole number between 1 minute and 90 days.')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('email-subject'), { target: { value: 'x'.repeat(151) } });
    expect(within(screen.getByTestId('step-email-1')).getByText(i18n.t('errors.strategy.titleTooLong'))).toBeInTheDocument();
  });

  it('counts SMS segments as the contract does: GSM-7, then UCS-2 for Chinese', async () => {
    const seen: FlowStep[][] = [];
    render(<Host seen={seen} initial={[{ key: 'sms-1', type: 'sms', text: '' }]} />);
    const counter = () => screen.getByTestId('sms-counter');
    const text = screen.getByTestId('sms-text');
    // The text already says how to stop, so it is counted as written.
    fireEvent.change(text, { target: { value: `${'a'.repeat(142)} Reply STOP to end` } });
    expect(counter().dataset).toMatchObject({ segments: '1', encoding: 'GSM-7' });
    expect(counter()).toHaveTextContent('160 个字符 · 1 条短信 · GSM-7');
    fireEvent.change(text, { target: { value: `${'a'.repeat(143)} Reply STOP to end` } });
    expect(counter().dataset).toMatchObject({ segments: '2', encoding: 'GSM-7' });
    // Without one, the opt-out line publishing adds is counted: " 回复TD退订" for Chinese text.
    fireEvent.change(text, { target: { value: '您的购物车还在等您'.repeat(7) } });
    expect(counter().dataset).toMatchObject({ segments: '1', encoding: 'UCS-2' });
    expect(counter()).toHaveTextContent('70 个字符 · 1 条短信 · UCS-2');
    fireEvent.change(text, { target: { value: '您的购物车还在等您'.repeat(8) } });
    expect(counter().dataset).toMatchObject({ segments: '2', encoding: 'UCS-2' });
    await act(() => i18n.changeLanguage('en-US'));
    expect(counter()).toHaveTextContent('79 characters · 2 SMS · UCS-2');
    expect(screen.getByTestId('sms-quiet-hours')).toHaveTextContent('21:00–08:00');
    fireEvent.change(text, { target: { value: 'a'.repeat(671) } });
    expect(screen.getByText('The SMS text is too long, limit 670 characters.')).toBeInTheDocument();
  });
});
