import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { runtimeKey } from '../../shared/i18n/translation-key.ts';
import { CodeLoginForm } from './code-login-form.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { RegisterCodeStep } from './register-code-step.tsx';
import { RegisterPage } from './register-page.tsx';

/** A screen reader announces each input by its name; without one it only says "edit text". */
function show(node: ReactNode) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe.each(['zh-CN', 'en-US'])('sign-in and sign-up inputs in %s', (lang) => {
  const t = (key: string) => i18n.t(runtimeKey(key), { lng: lang });

  it('names the phone and code boxes of sign-in by code', async () => {
    await act(() => i18n.changeLanguage(lang));
    show(<CodeLoginForm />);
    expect(screen.getByRole('textbox', { name: t('auth.fields.mobile') })).toBe(screen.getByTestId('login-mobile'));
    expect(screen.getByRole('textbox', { name: t('auth.fields.code') })).toBe(screen.getByTestId('login-code'));
    expect(screen.getByRole('button', { name: t('auth.code.send') })).toBeInTheDocument();
  });

  it('names the account and password boxes of sign-in by password', async () => {
    await act(() => i18n.changeLanguage(lang));
    show(<PasswordLoginForm />);
    expect(screen.getByRole('textbox', { name: t('auth.fields.account') })).toBe(screen.getByTestId('login-account'));
    expect(screen.getByLabelText(t('auth.fields.password'))).toBe(screen.getByTestId('login-password'));
  });

  it('names every input of sign-up', async () => {
    await act(() => i18n.changeLanguage(lang));
    show(<RegisterPage />);
    expect(screen.getByRole('textbox', { name: t('auth.fields.account') })).toBe(screen.getByTestId('register-account'));
    expect(screen.getByLabelText(t('auth.fields.password'))).toBe(screen.getByTestId('register-password'));
    expect(screen.getByLabelText(t('auth.fields.confirmPassword'))).toBe(screen.getByTestId('register-confirm'));
    expect(screen.queryByTestId('register-mobile')).toBeNull();
    expect(screen.getByRole('checkbox', { name: t('auth.register.agree') })).toBeInTheDocument();
  });

  it('names the code box of the second sign-up step and says where the code went', async () => {
    await act(() => i18n.changeLanguage(lang));
    show(<RegisterCodeStep details={{ account: 'a@example.com', password: 'secret123', agree_terms: true }} resendAfter={60} onChangeAddress={() => {}} />);
    expect(screen.getByRole('textbox', { name: t('auth.fields.code') })).toBe(screen.getByTestId('register-code'));
    expect(screen.getByTestId('register-code-sent')).toHaveTextContent('a@example.com');
    expect(screen.getByTestId('register-resend')).toBeDisabled();
    expect(screen.getByRole('button', { name: t('auth.register.changeAddress') })).toBeInTheDocument();
  });
});
