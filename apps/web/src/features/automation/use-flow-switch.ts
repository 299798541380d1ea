import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useSwitchFlow } from './queries.ts';
import { isSenderRefusal } from './sender-refusal.ts';

/**
 * Turning flows on and off from the cards and the list. The switch shows the server's state, so a
 * refusal leaves it off; when the refusal is about the sender, `senderRefused` asks the page to
 * show the way to the sender page.
 */
export function useFlowSwitch() {
  const { t } = useTranslation();
  const mutation = useSwitchFlow();
  const [senderRefused, setSenderRefused] = useState(false);
  const toggle = (id: string, enabled: boolean) => {
    setSenderRefused(false);
    mutation.mutate({ id, enabled }, {
      onSuccess: (flow) => toastSuccess(t(flow.enabled ? 'notices.automation.enabled' : 'notices.automation.disabled')),
      onError: (error) => setSenderRefused(isSenderRefusal(error, t)),
    });
  };
  return {
    toggle,
    pendingId: mutation.isPending ? mutation.variables.id : null,
    senderRefused,
    setSenderRefused,
  };
}
