import { LIMITS } from '@storecast/contract';
import { type App, message as staticMessage } from 'antd';
import { createElement, type MouseEvent, type ReactNode } from 'react';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Toasts for code outside React (the API client). The app binds antd's context-aware message
 * instance at start-up so toasts follow the theme and locale. The app's message config keeps one
 * at a time (a new toast drops the old one) for 5 seconds. Each toast is a notice of its own: one
 * fixed key would update the old notice instead, and an update that lands while the old one is
 * leaving leaves with it, so the new message is never seen.
 */
let instance: MessageInstance | null = null;
const seconds = LIMITS.toastMs / 1000;

export function bindToast(next: MessageInstance | null): void {
  instance = next;
}

function api(): Pick<MessageInstance, 'error' | 'success' | 'warning'> {
  return instance ?? staticMessage;
}

/** A link shown after the message, e.g. "Upgrade" beside a membership refusal. */
export interface ToastLink {
  label: string;
  href: string;
  /** Follows the link inside the app, without reloading it. */
  go: () => void;
}

function withLink(content: string, link: ToastLink | undefined): ReactNode {
  if (!link) return content;
  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    link.go();
  };
  return createElement('span', null, content, ' ', createElement('a', { href: link.href, onClick, 'data-testid': 'toast-upgrade' }, link.label));
}

export function toastError(content: string, link?: ToastLink): void {
  void api().error({ content: withLink(content, link), duration: seconds });
}

export function toastSuccess(content: string): void {
  void api().success({ content, duration: seconds });
}

export function toastWarning(content: string): void {
  void api().warning({ content, duration: seconds });
}
