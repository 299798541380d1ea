import { Alert, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { InvitationsTable } from './invitations-table.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersTable } from './members-table.tsx';
import { useMemberList } from './queries.ts';

/**
 * /store-setting/access-management: invite managers to the owner's stores, see who manages what,
 * revoke them or transfer a store, and withdraw open invitations. Only the owner opens it (the
 * route is ownerOnly, and so is every call it makes).
 */
export function AccessManagementPage() {
  const { t } = useTranslation();
  const user = useSessionUser().data;
  const { data, isPending, isError } = useMemberList();

  if (isPending) return <PageLoading />;
  if (isError || !data) return <Alert type="error" showIcon title={t('accessManagement.loadFailed')} />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="access-management">
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>{t('account.access.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('accessManagement.intro')}</Typography.Text>
      </div>
      <Card size="small" title={t('accessManagement.rights.title')}>
        <Typography.Paragraph style={{ marginBottom: 4 }}>{t('accessManagement.rights.can')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t('accessManagement.rights.cannot')}</Typography.Paragraph>
      </Card>
      <InviteForm stores={data.stores} currentShopId={user?.shop_id ?? ''} />
      <MembersTable members={data.members} selfId={user?.manager_info.manager_id ?? ''} loading={isPending} />
      <InvitationsTable invitations={data.invitations} timezone={user?.timezone} loading={isPending} />
    </Space>
  );
}
