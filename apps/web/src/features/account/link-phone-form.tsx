import { mobileSchema, verifyCodeSchema, authRoutes } from '@storecast/contract';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { SendCodeButton } from '../auth/index.ts';

interface Values {
  mobile: string;
  verify_code: string;
}

/** Links a phone to the account, or changes it, once the number proves itself by its SMS code. */
export function LinkPhoneForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const current = useSessionUser().data?.manager_info.manager_mobile ?? '';
  const link = useApiMutation(authRoutes.modifyMobile, {
    // The session user shows the phone; it is refetched before the form clears.
    invalidates: [authRoutes.info],
    onSuccess: () => {
      toastSuccess(t('notices.signUp.phoneLinked'));
      form.resetFields();
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const getMobile = async () => (await form.validateFields(['mobile'])).mobile;

  return (
    <Card title={t('account.user.phone')}>
      <Typography.Paragraph type="secondary">{t('account.user.phoneIntro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => link.mutate(v)}>
        <Form.Item label={t('account.user.currentPhone')}>
          <span data-testid="phone-current">{current || t('account.user.noPhone')}</span>
        </Form.Item>
        <Form.Item name="mobile" label={t('account.user.newPhone')} required rules={[zodRule(mobileSchema)]}>
          <Input autoComplete="tel" inputMode="tel" placeholder={t('auth.fields.mobilePlaceholder')} data-testid="phone-new" />
        </Form.Item>
        {/* The label wraps the box and the send button, so it names the box by its id (antd's field id). */}
        <Form.Item label={t('auth.fields.code')} htmlFor="verify_code" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="verify_code" noStyle rules={[zodRule(verifyCodeSchema)]}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="phone-code" />
            </Form.Item>
            <SendCodeButton getMobile={getMobile} route={authRoutes.sendBindCode} testId="phone-send-code" />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={link.isPending} data-testid="phone-submit">
          {current ? t('account.user.changePhone') : t('account.user.linkPhone')}
        </Button>
      </Form>
    </Card>
  );
}
