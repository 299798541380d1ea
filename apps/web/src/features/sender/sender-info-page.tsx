import { SENDER_NAME_MAX, type SenderFields as SenderFieldValues, senderEmailSchema, senderMatchesHomepage, senderNameSchema, senderRoutes } from '@storecast/contract';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { showFieldErrors, translateIssue, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useSenderLists, useSenderMutation } from './queries.ts';
import { DomainStatusTag, SenderStatusTag, senderStatusKey } from './status-tags.tsx';
import { useSecondsLeft } from '../../shared/ui/use-countdown.ts';

/** /store/sender-info: add or edit the sender e-mail and name, see its status, resend the link. */
export function SenderInfoPage() {
  const { t, i18n } = useTranslation();
  const { data, isPending, dataUpdatedAt } = useSenderLists();
  const tz = useSessionUser().data?.timezone;
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<SenderFieldValues>();
  // Counted from when the answer arrived, so a refetch restarts it from the server's figure.
  const resendAfter = data?.sender.resend_after ?? 0;
  const resendLeft = useSecondsLeft(dataUpdatedAt + resendAfter * 1000, resendAfter);

  const onSaved = (_next: unknown, v: SenderFieldValues) => {
    // A new address (or the first one) gets a verification mail; a new name alone does not.
    const mailed = !data?.sender.status || v.email.trim().toLowerCase() !== data.sender.email;
    toastSuccess(t(mailed ? 'notices.sender.sent' : 'notices.sender.saved'));
    setEditing(false);
  };
  const add = useSenderMutation(senderRoutes.add, onSaved);
  const edit = useSenderMutation(senderRoutes.edit, onSaved);
  const save = data?.sender.status ? edit : add;
  const resend = useSenderMutation(senderRoutes.verifyEmail, () => toastSuccess(t('notices.sender.sent')));

  if (isPending) return <PageLoading />;
  if (!data) return null;
  const { sender, domain, homepage_domain: homeDomain } = data;
  const showForm = sender.status === 0 || editing;

  // Same sentence as the server's refusal (SPEC 5), before the request is sent.
  const homepageRule = {
    validator: async (_: unknown, value: string) => {
      const email = String(value ?? '').trim().toLowerCase();
      if (email && senderEmailSchema.safeParse(email).success && !senderMatchesHomepage(email, homeDomain)) {
        throw new Error(i18n.t('errors.sender.domainMismatch', { domain: homeDomain }));
      }
    },
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      <Card title={t('sender.info.title')} extra={<SenderStatusTag status={sender.status} />}>
        <Typography.Paragraph type="secondary">{t('sender.info.intro')}</Typography.Paragraph>
        {data.domain_mismatch && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="sender-mismatch"
            title={t('sender.info.mismatch', { domain: homeDomain })} />
        )}
        {showForm ? (
          <Form
            form={form}
            layout="vertical"
            style={{ maxWidth: 520 }}
            initialValues={{ email: sender.email, name: sender.name }}
            onFinish={(v) => save.mutate(v, {
              onError: (e) => {
                if (!isApiError(e)) return;
                if (Object.keys(e.fields).length) showFieldErrors(form, e.fields);
                else form.setFields([{ name: 'email', errors: [translateIssue(e.message)] }]);
              },
            })}
          >
            <Form.Item name="email" label={t('sender.info.email')} required extra={homeDomain && t('sender.info.emailHint', { domain: homeDomain })}
              rules={[zodRule(senderEmailSchema), homepageRule]} validateFirst>
              <Input inputMode="email" placeholder={homeDomain ? `news@${homeDomain}` : ''} data-testid="sender-email" />
            </Form.Item>
            <Form.Item name="name" label={t('sender.info.name')} required rules={[zodRule(senderNameSchema)]}>
              <Input maxLength={SENDER_NAME_MAX} placeholder={t('sender.info.namePlaceholder')} data-testid="sender-name" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sender-save">{t('sender.info.save')}</Button>
              {editing && <Button onClick={() => setEditing(false)} data-testid="sender-cancel">{t('sender.info.cancel')}</Button>}
            </Space>
          </Form>
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions bordered column={1} items={[
              { key: 'email', label: t('sender.info.email'), children: <span data-testid="sender-email-value">{sender.email}</span> },
              { key: 'name', label: t('sender.info.name'), children: <span data-testid="sender-name-value">{sender.name}</span> },
              {
                key: 'status', label: t('sender.info.status'), children: (
                  <Space wrap>
                    <Typography.Text>{t(senderStatusKey(sender.status))}</Typography.Text>
                    {sender.status === 1 && sender.sent_at && <Typography.Text type="secondary">{t('sender.info.sentAt', { time: formatInZone(sender.sent_at, tz) })}</Typography.Text>}
                    {sender.status === 2 && <Typography.Text type="secondary">{t('sender.info.verifiedAt', { time: formatInZone(sender.verified_at, tz) })}</Typography.Text>}
                  </Space>
                ),
              },
            ]} />
            <Space wrap>
              <Button onClick={() => setEditing(true)} data-testid="sender-edit">{t('sender.info.edit')}</Button>
              {sender.status === 1 && (
                <Button type="primary" disabled={resendLeft > 0} loading={resend.isPending} onClick={() => resend.mutate({})} data-testid="sender-resend">
                  {resendLeft > 0 ? t('sender.info.resendIn', { seconds: resendLeft }) : t('sender.info.resend')}
                </Button>
              )}
            </Space>
          </Space>
        )}
      </Card>
      {sender.status > 0 && (
        <Card title={t('sender.info.domainTitle')} extra={<DomainStatusTag status={domain.status} testId="sender-domain-status" />}>
          <Typography.Paragraph type="secondary">{t('sender.info.domainIntro', { domain: domain.domain })}</Typography.Paragraph>
          <Link to="/store/verify-sender-domain" data-testid="sender-domain-link">
            <Button type={domain.status === 2 ? 'default' : 'primary'}>{t('sender.info.domainGo')}</Button>
          </Link>
        </Card>
      )}
    </Space>
  );
}
