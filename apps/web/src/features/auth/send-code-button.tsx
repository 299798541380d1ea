import { api } from '@storecast/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * Sends a sign-in code to the phone number, then waits out the server's resend countdown.
 * `getMobile` validates the number field first and rejects when it is not valid.
 */
export function SendCodeButton({ getMobile }: { getMobile: () => Promise<string> }) {
  const { t } = useTranslation();
  const [left, startCountdown] = useCountdown();
  const send = useMutation({
    mutationFn: (mobile: string) => call(api.auth.sendVerifyCode, { body: { mobile } }),
    onSuccess: (data) => {
      toastSuccess(t('errors.code.sent'));
      startCountdown(data.resend_after);
    },
  });

  const onClick = async () => {
    const mobile = await getMobile().catch(() => null);
    if (mobile) send.mutate(mobile);
  };

  return (
    <Button onClick={onClick} disabled={left > 0} loading={send.isPending} data-testid="login-send-code">
      {left > 0 ? t('auth.code.resendIn', { seconds: left }) : t('auth.code.send')}
    </Button>
  );
}
