import { accessRoutes, authRoutes } from '@storecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Space, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../shared/api/client.ts';
import { clearToken, useToken } from '../../shared/api/token-store.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { useSessionUser } from '../../shared/session/queries.ts';
import { loginPath } from '../../shared/session/login-path.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useNarrow } from './use-narrow.ts';

/**
 * /invite?token=: what an invitation offers (inviter, stores, the invited address), accepted with
 * the signed-in account when its e-mail is the invited one. Signed in as someone else: say so and
 * offer to sign out. Not signed in: sign in or sign up (which proves the address), both coming
 * back here.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const { token: themeToken } = theme.useToken();
  const [params] = useSearchParams();
  const inviteToken = params.get('token') ?? '';
  const here = `/invite?token=${encodeURIComponent(inviteToken)}`;
  const info = useApiQuery(accessRoutes.inviteInfo, { query: { token: inviteToken }, quiet: true }, { retry: false, enabled: inviteToken !== '' });
  // Kept here: accepting reloads every answer (the session may have moved onto a store), the
  // invitation's own included, which then reads "accepted".
  const [granted, setGranted] = useState<string[] | null>(null);

  return (
    <Flex orientation="vertical" align="center" style={{ minHeight: '100vh', background: themeToken.colorBgLayout, padding: 16 }}>
      <Flex justify="flex-end" style={{ width: '100%' }}><LanguageSwitcher /></Flex>
      <Flex orientation="vertical" align="center" gap={8} style={{ marginTop: '6vh', width: '100%', maxWidth: 520 }}>
        <Typography.Title level={2} style={{ color: themeToken.colorPrimary, margin: 0 }}>Storecast</Typography.Title>
        <Card title={t('account.access.inviteTitle')} style={{ width: '100%', marginTop: 16 }} data-testid="invite-card">
          {granted ? (
            <Accepted granted={granted} />
          ) : !inviteToken || info.isError ? (
            <Result status="warning" title={<span data-testid="invite-invalid">{info.error?.message || t('errors.access.inviteInvalid')}</span>} />
          ) : info.isPending ? (
            <PageLoading />
          ) : (
            <InviteDetails info={info.data} inviteToken={inviteToken} here={here} onAccepted={setGranted} />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}

type Info = NonNullable<ReturnType<typeof useApiQuery<typeof accessRoutes.inviteInfo>>['data']>;

interface Props { info: Info; inviteToken: string; here: string; onAccepted: (shopIds: string[]) => void }

function InviteDetails({ info, inviteToken, here, onAccepted }: Props) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Text>{t('accessManagement.accept.intro')}</Typography.Text>
      <Descriptions column={1} size="small" bordered layout={narrow ? 'vertical' : 'horizontal'} styles={{ label: { whiteSpace: 'nowrap' } }} items={[
        { key: 'inviter', label: t('accessManagement.accept.inviter'), children: <span data-testid="invite-inviter">{info.inviter}</span> },
        {
          key: 'stores', label: t('accessManagement.accept.stores'),
          children: <Space size={[4, 4]} wrap>{info.stores.map((s, i) => <Tag key={i} data-testid="invite-store">{s}</Tag>)}</Space>,
        },
        { key: 'email', label: t('accessManagement.accept.email'), children: <span data-testid="invite-email-value">{info.email}</span> },
      ]} />
      {info.status === 'pending'
        ? <AcceptAction info={info} inviteToken={inviteToken} here={here} onAccepted={onAccepted} />
        : <Alert type="info" showIcon data-testid="invite-status" title={t(`accessManagement.accept.statuses.${info.status}`)} />}
    </Space>
  );
}

/** Where to go once accepted: the store, when the session moved onto one granted; else the store list to switch. */
function Accepted({ granted }: { granted: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const onGranted = granted.includes(user.data?.shop_id ?? '');
  return (
    <Result status="success" title={<span data-testid="invite-accepted">{t('accessManagement.accept.accepted')}</span>}
      extra={<Button type="primary" disabled={!user.data} onClick={() => void navigate(onGranted ? '/dashboard' : '/account-setting/shop')} data-testid="invite-open">
        {t('accessManagement.accept.open')}
      </Button>} />
  );
}

function AcceptAction({ info, inviteToken, here, onAccepted }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useToken();
  const user = useSessionUser();
  const accept = useApiMutation<typeof accessRoutes.acceptInvite, void>(accessRoutes.acceptInvite, {
    input: () => ({ body: { token: inviteToken } }),
    // A session without a store moves onto the first one granted.
    switchesStore: true,
    onSuccess: (r) => onAccepted(r.shop_ids),
  });

  if (!session) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('accessManagement.accept.signInHint', { email: info.email })}</Typography.Text>
        <Space wrap>
          <Link to={loginPath(here)}><Button type="primary" data-testid="invite-login">{t('accessManagement.accept.login')}</Button></Link>
          <Link to={`/register?redirect=${encodeURIComponent(here)}`}><Button data-testid="invite-register">{t('accessManagement.accept.register')}</Button></Link>
        </Space>
      </Space>
    );
  }
  if (!user.data) return <PageLoading />;
  const current = user.data.manager_info.manager_email;
  if (current.toLowerCase() !== info.email.toLowerCase()) {
    const signOut = async () => {
      await call(authRoutes.logout, { quiet: true }).catch(() => undefined);
      clearToken();
      queryClient.clear();
    };
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon data-testid="invite-other-account"
          title={t('accessManagement.accept.otherAccount', { email: info.email, current })} />
        <Button onClick={() => void signOut()} data-testid="invite-sign-out">{t('accessManagement.accept.signOut')}</Button>
      </Space>
    );
  }
  return (
    <Button type="primary" block loading={accept.isPending} onClick={() => accept.mutate()} data-testid="invite-accept">
      {t('accessManagement.accept.accept')}
    </Button>
  );
}
