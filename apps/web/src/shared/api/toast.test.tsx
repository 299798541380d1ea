import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastError } from './toast.ts';

/** A membership refusal's toast carries a link to the way out: the membership page. */
describe('toastError with a link', () => {
  it('shows the message with the link, which goes inside the app', async () => {
    const go = vi.fn();
    toastError('This needs the Basic membership.', { label: 'Upgrade', href: '/store/vip-plan', go });
    const link = await waitFor(() => screen.getByTestId('toast-upgrade'));
    expect(link.textContent).toBe('Upgrade');
    expect(link.getAttribute('href')).toBe('/store/vip-plan');
    expect(link.parentElement?.textContent).toContain('This needs the Basic membership.');
    fireEvent.click(link);
    expect(go).toHaveBeenCalledTimes(1);
  });
});
