import { authRoutes } from '@storecast/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useCountdown } from '../../shared/ui/use-countdown.ts';

/**
 * Sends a code to the phone number (a sign-in code unless `route` says otherwise), then waits out
 * the server's resend countdown. `getMobile` validates the number field first and rejects when
 * it is not valid.
 */
export function SendCodeButton({ getMobile, route = authRoutes.sendVerifyCode, testId = 'login-send-code' }: {
  getMobile: () => Promise<string>;
  route?: typeof authRoutes.sendVerifyCode | typeof authRoutes.sendBindCode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [left, startCountdown] = useCountdown();
  const send = useApiMutation(route, {
    input: (mobile: string) => ({ body: { mobile } }),
    onSuccess: (data) => {
      toastSuccess(t('notices.code.sent'));
      startCountdown(data.resend_after);
    },
  });

  const onClick = async () => {
    const mobile = await getMobile().catch(() => null);
    if (mobile) send.mutate(mobile);
  };

  return (
    <Button onClick={onClick} disabled={left > 0} loading={send.isPending} data-testid={testId}>
      {left > 0 ? t('auth.code.resendIn', { seconds: left }) : t('auth.code.send')}
    </Button>
  );
}
