import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { apiTokenRoutes } from '@storecast/contract';
import { Alert, App, Button, Flex, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { MissingScopesAlert, NotAuthorizedAlert } from '../platform-link/index.ts';
import { ShopifyTokensCard } from './shopify-tokens-card.tsx';

type TokenRow = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; revoked: boolean };

/**
 * /store/api-token: tokens the store's own systems use to push customers, orders and events.
 * Only a hash is kept on the server, so the full token is shown once, right after creation.
 */
export function ApiTokenPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data: user } = useSessionUser();
  const { data, isPending } = useApiQuery(apiTokenRoutes.list);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const when = (v: string | null) => formatInZone(v ?? undefined, user?.timezone);

  const create = useApiMutation(apiTokenRoutes.create, {
    input: (name: string) => ({ body: { name } }),
    invalidates: [apiTokenRoutes.list],
    onSuccess: (r) => {
      setCreating(false);
      setCreated(r.token);
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const revoke = useApiMutation(apiTokenRoutes.revoke, {
    input: (id: string) => ({ body: { id } }),
    invalidates: [apiTokenRoutes.list],
    onSuccess: () => toastSuccess(t('store.apiToken.revoked')),
  });

  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    toastSuccess(t('store.apiToken.copied'));
  };

  return (
    <>
      <NotAuthorizedAlert />
      <MissingScopesAlert />
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('store.apiToken.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-token-create">{t('store.apiToken.create')}</Button>
      </Flex>
      <Table<TokenRow>
        rowKey="id"
        loading={isPending}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'api-token-row' }) as object}
        columns={[
          { title: t('store.apiToken.name'), dataIndex: 'name' },
          { title: t('store.apiToken.prefix'), dataIndex: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
          { title: t('store.apiToken.created'), dataIndex: 'created_at', render: when },
          { title: t('store.apiToken.lastUsed'), dataIndex: 'last_used_at', render: when },
          {
            title: t('store.apiToken.state'), dataIndex: 'revoked',
            render: (r: boolean) => (r ? <Tag>{t('store.apiToken.stateRevoked')}</Tag> : <Tag color="green">{t('store.apiToken.stateActive')}</Tag>),
          },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, row) => !row.revoked && (
              <Button
                size="small"
                danger
                onClick={() => modal.confirm({
                  title: t('store.apiToken.revokeConfirm', { name: row.name }),
                  content: t('store.apiToken.revokeHint'),
                  okButtonProps: { danger: true, 'data-testid': 'api-token-revoke-ok' },
                  onOk: () => revoke.mutateAsync(row.id),
                })}
                data-testid="api-token-revoke"
              >
                {t('store.apiToken.revoke')}
              </Button>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 24 }}>
        <ShopifyTokensCard />
      </div>
      <Modal
        open={creating}
        title={t('store.apiToken.create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: create.isPending, 'data-testid': 'api-token-create-ok' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={(v) => create.mutate(v.name)}>
          <Form.Item name="name" label={t('store.apiToken.name')} rules={[zodRule(apiTokenRoutes.create.body!.shape.name)]}>
            <Input maxLength={50} data-testid="api-token-name" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={created !== null}
        title={t('store.apiToken.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={<Button type="primary" onClick={() => setCreated(null)} data-testid="api-token-done">{t('store.apiToken.done')}</Button>}
        mask={{ closable: false }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('store.apiToken.onceWarning')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={created ?? ''} data-testid="api-token-value" />
            <Button icon={<CopyOutlined />} onClick={() => created && void copy(created)} data-testid="api-token-copy">{t('store.apiToken.copy')}</Button>
          </Space.Compact>
        </Space>
      </Modal>
    </>
  );
}
