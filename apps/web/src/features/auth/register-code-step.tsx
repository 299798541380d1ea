import { verifyCodeSchema, authRoutes } from '@storecast/contract';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useCountdown } from '../../shared/ui/use-countdown.ts';
import { useSignIn } from './use-sign-in.ts';

export interface SignUpDetails {
  account: string;
  password: string;
  agree_terms: true;
}

/**
 * The second step of sign-up: the code mailed to the address. Resending asks for a sign-up again
 * with the same details, once the server's countdown is over.
 */
export function RegisterCodeStep({ details, resendAfter, onChangeAddress }: {
  details: SignUpDetails;
  resendAfter: number;
  onChangeAddress: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ verify_code: string }>();
  const signIn = useSignIn();
  const [left, startCountdown] = useCountdown(resendAfter);
  const confirm = useApiMutation(authRoutes.registerConfirm, {
    input: (v: { verify_code: string }) => ({ body: { account: details.account, ...v } }),
    // A new account has no store yet, so it always continues to connecting one.
    onSuccess: (data) => signIn(data.token, '/connect/plat'),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const resend = useApiMutation(authRoutes.register, {
    input: (_: void) => ({ body: details }),
    onSuccess: (data) => {
      toastSuccess(t('notices.code.sent'));
      startCountdown(data.resend_after);
    },
  });

  return (
    <Form form={form} layout="vertical" onFinish={(v) => confirm.mutate(v)} requiredMark={false}>
      <Typography.Paragraph data-testid="register-code-sent">
        {t('auth.register.codeSentTo', { email: details.account })}
      </Typography.Paragraph>
      {/* The label wraps the box and the resend button, so it names the box by its id (antd's field id). */}
      <Form.Item label={t('auth.fields.code')} htmlFor="verify_code" required={false}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="verify_code" noStyle rules={[zodRule(verifyCodeSchema)]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus data-testid="register-code" />
          </Form.Item>
          <Button onClick={() => resend.mutate()} disabled={left > 0} loading={resend.isPending} data-testid="register-resend">
            {left > 0 ? t('auth.code.resendIn', { seconds: left }) : t('auth.code.resend')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={confirm.isPending} data-testid="register-code-submit">
        {t('auth.register.codeSubmit')}
      </Button>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Button type="link" onClick={onChangeAddress} data-testid="register-change-address">
          {t('auth.register.changeAddress')}
        </Button>
      </Typography.Paragraph>
    </Form>
  );
}
