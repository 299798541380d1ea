import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordLoginForm } from '../../features/auth/password-login-form.tsx';
import i18n from '../i18n/i18n.ts';

/**
 * The form rules come from the contract, so whatever a user leaves out or types wrong, the
 * sentence under a field is one of our catalogue's, in their language; never zod's own English.
 */
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe.each([
  ['zh-CN', '账号格式不正确。', '请输入密码。'],
  ['en-US', 'Account format is not correct.', 'Please enter the password.'],
])('an empty sign-in in %s', (lang, accountMessage, passwordMessage) => {
  it('names what is missing under each field', async () => {
    await act(() => i18n.changeLanguage(lang));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter><PasswordLoginForm /></MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.submit(screen.getByTestId('login-account').closest('form')!);
    await waitFor(() => expect(screen.getByText(passwordMessage)).toBeInTheDocument());
    expect(screen.getByText(accountMessage)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Invalid input|expected string|errors\./);
  });
});
