import { automationSettingsSchema, flowSummarySchema, type AutomationSettings, type FlowSummary } from '@storecast/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../shared/i18n/i18n.ts';
import { AiManagementCard } from './ai-management-card.tsx';
import { FlowCard } from './flow-card.tsx';
import { ReportStepsTable } from './report-steps-table.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';

/** The Smart Send pieces as the pages use them, in both languages. */
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const wrap = (node: React.ReactNode) => render(<MemoryRouter><App>{node}</App></MemoryRouter>);

const flow = (over: Partial<FlowSummary> = {}): FlowSummary => flowSummarySchema.parse({
  id: 'flow-1', kind: 'abandoned-cart', enabled: false, version: 2, unpublished: true, updated_at: '2026-11-01T00:00:00Z',
  ai_note: null, last_30_days: { entered: 1234, sent: 987, orders: 12, revenue: 123_456 }, active_runs: 7, ...over,
});

const zero = { entered: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, sms_sent: 0, sms_clicked: 0, unsubscribed: 0, orders: 0, revenue: 0 };

describe.each([
  ['zh-CN', '加购未付款', '达到每周上限', 'S 高度活跃'],
  ['en-US', 'Abandoned cart', 'Weekly cap reached', 'S highly active'],
])('Smart Send components in %s', (lang, cartName, capReason, levelS) => {
  it('shows a flow card with what starts it, its 30 days in the store currency and its switch', async () => {
    await act(() => i18n.changeLanguage(lang));
    const onSwitch = vi.fn();
    wrap(<FlowCard flow={flow()} currency="USD" pending={false} onSwitch={onSwitch} />);
    const card = screen.getByTestId('flow-card');
    expect(within(card).getByText(cartName)).toBeInTheDocument();
    expect(within(card).getByText(i18n.t('automation.kinds.abandoned-cart.trigger'))).toBeInTheDocument();
    expect(within(card).getByTestId('flow-revenue')).toHaveTextContent('$1,234.56');
    expect(within(card).getByTestId('flow-activeRuns')).toHaveTextContent('7');
    expect(within(card).queryByTestId('automation-ai-note')).toBeNull();
    expect(within(card).getByTestId('flow-edit')).toHaveAttribute('href', '/automation/strategy-edit?id=flow-1');
    expect(within(card).getByTestId('flow-report')).toHaveAttribute('href', '/automation/strategy-report?id=flow-1');
    fireEvent.click(within(card).getByTestId('flow-switch'));
    expect(onSwitch).toHaveBeenCalledWith(true, expect.anything());
  });

  it('shows what AI chose and why when the flow has a note, in the reader\'s language', async () => {
    await act(() => i18n.changeLanguage(lang));
    const note = {
      at: '2026-11-01T00:00:00Z', by: 'built-in' as const, outcome: 'enabled' as const, reason: null,
      choices: [{ field: 'coupon' as const, code: 'TEN', discount: 10, why: { key: 'notices.automation.ai.coupon', params: {} } }],
    };
    wrap(<FlowCard flow={flow({ ai_note: note })} currency="EUR" pending={false} onSwitch={() => {}} />);
    const panel = screen.getByTestId('automation-ai-note');
    expect(within(panel).getByText(i18n.t('notices.automation.ai.enabled'))).toBeInTheDocument();
    fireEvent.click(within(panel).getByText(i18n.t('automation.ai.noteTitle')));
    await waitFor(() => expect(within(panel).getByTestId('ai-note-choice')).toHaveTextContent(
      `${i18n.t('automation.ai.choice', { field: i18n.t('notices.automation.ai.fields.coupon'), value: 'TEN (10%)' })}${i18n.t('automation.ai.why', { why: i18n.t('notices.automation.ai.coupon') })}`,
    ));
  });

  it('explains what AI management decides, discount at most 30 %', async () => {
    await act(() => i18n.changeLanguage(lang));
    const onChange = vi.fn();
    wrap(<AiManagementCard on={false} pending={false} onChange={onChange} />);
    expect(screen.getByText(i18n.t('automation.ai.decides.discount'))).toHaveTextContent(/30 ?%/);
    fireEvent.click(screen.getByTestId('automation-ai-switch'));
    expect(onChange).toHaveBeenCalledWith(true, expect.anything());
  });

  it('edits the sending rules with SPEC\'s recommendation and refuses an emptied field', async () => {
    await act(() => i18n.changeLanguage(lang));
    const settings: AutomationSettings = automationSettingsSchema.parse({});
    const onSave = vi.fn();
    wrap(<SettingsDrawer open settings={settings} saving={false} onClose={() => {}} onSave={onSave} />);
    expect(await screen.findByTestId('settings-caps-help')).toHaveTextContent(lang === 'zh-CN' ? '每周 4-6 封' : '4-6 a week');
    expect(screen.getByText(levelS)).toBeInTheDocument();
    const capB = screen.getByTestId('settings-cap-B');
    fireEvent.change(capB, { target: { value: '2' } });
    fireEvent.blur(capB);
    fireEvent.click(screen.getByTestId('automation-settings-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ ...settings, weekly_caps: { S: 6, A: 6, B: 2, C: 1 } });

    const hours = screen.getByTestId('settings-smart-hours');
    fireEvent.change(hours, { target: { value: '' } });
    fireEvent.blur(hours);
    fireEvent.click(screen.getByTestId('automation-settings-save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error')).not.toBeNull());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('lists each step with its numbers and localised skip reasons', async () => {
    await act(() => i18n.changeLanguage(lang));
    wrap(<ReportStepsTable currency="USD" steps={[
      { ...zero, key: 'w1', type: 'wait', number: 1, depth: 0, skipped: [] },
      { ...zero, key: 'e1', type: 'email', number: 1, depth: 0, sent: 40, opened: 12, revenue: 9900, skipped: [{ reason: 'weekly-cap', count: 3 }] },
    ]} />);
    const rows = screen.getAllByTestId('report-step');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('report-step-name')).toHaveTextContent(`${i18n.t('automation.report.stepTypes.email')} 1`);
    expect(within(rows[1]!).getByTestId('step-sent')).toHaveTextContent('40');
    expect(within(rows[1]!).getByTestId('step-skips')).toHaveTextContent(`${capReason}: 3`);
    expect(within(rows[1]!).getByText('$99.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(i18n.t('automation.report.noSkips'))).toBeInTheDocument();
  });
});
