import { accessRoutes } from '@storecast/contract';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import type { Invitation } from './queries.ts';
import { useNarrow } from './use-narrow.ts';

const STATUS_COLOR: Record<Invitation['status'], string> = { pending: 'processing', accepted: 'success', expired: 'default', canceled: 'default' };

/** The owner's invitations, newest first; open ones can be withdrawn. */
export function InvitationsTable({ invitations, timezone, loading }: { invitations: Invitation[]; timezone?: string; loading: boolean }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { modal } = App.useApp();
  const cancel = useApiMutation(accessRoutes.cancelInvite, {
    input: (id: string) => ({ body: { id } }),
    invalidates: [accessRoutes.memberList],
    onSuccess: () => toastSuccess(t('notices.access.canceled')),
  });
  return (
    <Card size={narrow ? 'small' : 'default'} title={t('accessManagement.invitations.title')}>
      <Table<Invitation>
        size={narrow ? 'small' : 'middle'}
        rowKey="id"
        loading={loading}
        dataSource={invitations}
        pagination={invitations.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('accessManagement.invitations.empty') }}
        onRow={(row) => ({ 'data-testid': 'invitation-row', 'data-email': row.email, 'data-status': row.status }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('accessManagement.invitations.email'), dataIndex: 'email' },
          { title: t('accessManagement.invitations.stores'), key: 'stores', render: (_, i) => i.stores.map((s) => s.name).join(', ') },
          { title: t('accessManagement.invitations.sentAt'), dataIndex: 'created_at', render: (v: string) => formatInZone(v, timezone) },
          {
            // An open invitation also says until when its link works.
            title: t('accessManagement.invitations.status'), dataIndex: 'status',
            render: (s: Invitation['status'], i) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOR[s]} data-testid="invitation-status">{t(`accessManagement.invitations.statuses.${s}`)}</Tag>
                {s === 'pending' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('accessManagement.invitations.expiresAt')} {formatInZone(i.expires_at, timezone)}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, i) => i.status === 'pending' && (
              <Button
                size="small"
                onClick={() => modal.confirm({
                  title: t('accessManagement.invitations.withdrawConfirm', { email: i.email }),
                  okButtonProps: { danger: true, 'data-testid': 'invitation-withdraw-ok' },
                  onOk: () => cancel.mutateAsync(i.id),
                })}
                data-testid="invitation-withdraw"
              >
                {t('accessManagement.invitations.withdraw')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
