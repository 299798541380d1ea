import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevokeDialog, TransferDialog } from './member-dialogs.tsx';
import type { Member } from './queries.ts';
import { useNarrow } from './use-narrow.ts';

/** Everyone with a role in the owner's stores, with their stores and roles; revoke or transfer per member. */
export function MembersTable({ members, selfId, loading }: { members: Member[]; selfId: string; loading: boolean }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [revoking, setRevoking] = useState<Member | null>(null);
  const [transferring, setTransferring] = useState<Member | null>(null);

  const who = (m: Member) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text>
        {m.name}
        {m.user_id === selfId && <Tag style={{ marginInlineStart: 8 }}>{t('accessManagement.members.you')}</Tag>}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>{m.email}</Typography.Text>
    </Space>
  );
  const stores = (m: Member) => (
    <Space size={[4, 4]} wrap style={{ maxWidth: 420 }}>
      {m.stores.map((s) => (
        <Tag key={s.id} color={s.role === 'owner' ? 'gold' : 'blue'} data-testid="member-store">
          {s.name} · {t(`store.roles.${s.role}`)}
        </Tag>
      ))}
    </Space>
  );
  const actions = (m: Member) => m.stores.some((s) => s.role === 'manager') && (
    <Space wrap>
      <Button size="small" danger onClick={() => setRevoking(m)} data-testid="member-revoke">{t('accessManagement.members.revoke')}</Button>
      <Button size="small" onClick={() => setTransferring(m)} data-testid="member-transfer">{t('accessManagement.members.transfer')}</Button>
    </Space>
  );

  return (
    <Card size={narrow ? 'small' : 'default'} title={t('accessManagement.members.title')}>
      <Table<Member>
        size={narrow ? 'small' : 'middle'}
        rowKey="user_id"
        loading={loading}
        dataSource={members}
        pagination={false}
        // A phone gets one column, member above stores above actions: three columns do not fit in
        // 390 px, and a table that scrolls sideways there hides the actions with no sign of them.
        scroll={narrow ? undefined : { x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': 'member-row', 'data-email': row.email }) as HTMLAttributes<HTMLElement>}
        columns={narrow ? [{ title: t('accessManagement.members.member'), key: 'member', render: (_, m) => (
          <Space orientation="vertical" size={8}>{who(m)}{stores(m)}{actions(m)}</Space>
        ) }] : [
          { title: t('accessManagement.members.member'), key: 'member', render: (_, m) => who(m) },
          { title: t('accessManagement.members.stores'), key: 'stores', render: (_, m) => stores(m) },
          { title: t('common.actions'), key: 'actions', render: (_, m) => actions(m) },
        ]}
      />
      <RevokeDialog member={revoking} onClose={() => setRevoking(null)} />
      <TransferDialog member={transferring} onClose={() => setTransferring(null)} />
    </Card>
  );
}
