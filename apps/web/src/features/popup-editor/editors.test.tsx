import { popupConditionsSchema, popupContentSchema, saveMainPopupBody } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { PopupConditionEditor } from './condition-editor.tsx';
import { PopupContentEditor } from './content-editor.tsx';
import { usePopupForm } from './use-popup-form.ts';

/**
 * The editors in a form as the pages use them: a wrong value shows the contract's sentence under
 * its field in the admin's language, and `collect` refuses until it is fixed.
 */
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const texts = { title: 'Hello', button: 'Join', consent: 'I agree', success_title: 'Thanks' };
const content = popupContentSchema.parse({ texts: { 'zh-CN': texts, 'en-US': texts } });
const conditions = popupConditionsSchema.parse({});
const contentSchema = saveMainPopupBody.pick({ content: true });
const conditionSchema = saveMainPopupBody.pick({ conditions: true, double_opt_in: true });

let collected: unknown = 'not yet';

function ContentHarness() {
  const { form, collect } = usePopupForm(contentSchema);
  return (
    <Form form={form} initialValues={{ content }}>
      <PopupContentEditor schema={contentSchema} prefix={['content']} presets={[]} />
      <Button onClick={() => void collect().then((v) => { collected = v; })} data-testid="collect">collect</Button>
    </Form>
  );
}

function ConditionHarness() {
  const { form, collect } = usePopupForm(conditionSchema);
  return (
    <Form form={form} initialValues={{ conditions, double_opt_in: false }}>
      <PopupConditionEditor schema={conditionSchema} prefix={['conditions']} doubleOptIn={['double_opt_in']} />
      <Button onClick={() => void collect().then((v) => { collected = v; })} data-testid="collect">collect</Button>
    </Form>
  );
}

const wrap = (node: React.ReactNode) => render(
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter><App>{node}</App></MemoryRouter>
  </QueryClientProvider>,
);

describe.each([
  ['zh-CN', '请输入标题。', '滚动距离须为小于 100 的正整数。'],
  ['en-US', 'Enter the title.', 'The scroll distance must be a positive whole number below 100.'],
])('pop-up editors in %s', (lang, titleRequired, scrollMessage) => {
  it('shows an emptied English title\'s message under it and refuses to collect', async () => {
    await act(() => i18n.changeLanguage(lang));
    collected = 'not yet';
    wrap(<ContentHarness />);
    fireEvent.change(screen.getByTestId('content-en-US-title'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByText(titleRequired)).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('collect'));
    await waitFor(() => expect(collected).toBeNull());
    fireEvent.change(screen.getByTestId('content-en-US-title'), { target: { value: 'Welcome' } });
    fireEvent.click(screen.getByTestId('collect'));
    await waitFor(() => expect(collected).toMatchObject({ content: { texts: { 'en-US': { title: 'Welcome' } } } }));
  });

  it('shows a scroll distance of 100 as wrong, in the admin\'s language', async () => {
    await act(() => i18n.changeLanguage(lang));
    collected = 'not yet';
    wrap(<ConditionHarness />);
    const scroll = screen.getByTestId('cond-scroll');
    fireEvent.change(scroll, { target: { value: '100' } });
    fireEvent.blur(scroll);
    await waitFor(() => expect(screen.getByText(scrollMessage)).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('collect'));
    await waitFor(() => expect(collected).toBeNull());
    expect(document.body.textContent).not.toMatch(/Invalid input|expected number|errors\./);
  });
});
