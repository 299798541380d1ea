import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved edits are not lost by accident: leaving inside the app (the close icon, the back
 * button) asks first, and closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('flowEditor.leave.title'),
      content: t('flowEditor.leave.body'),
      okText: t('flowEditor.leave.ok'),
      cancelText: t('flowEditor.leave.stay'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
      cancelButtonProps: { 'data-testid': 'leave-stay' },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
