import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/queries.ts';
import { useIsMobile } from '../../shared/ui/use-is-mobile.ts';
import { reauthorizeTarget } from './reauthorize-target.ts';
import { useChannelShop } from './use-channel-shop.ts';

/**
 * A link that works but whose token predates scopes the app asks for now: the platform refuses
 * those calls, so the owner is told what stops working, in plain words (the scope ids follow for
 * whoever checks them in the platform's admin), and given the same reauthorise button as the
 * not-authorised alert, since running the install again grants them. Sends and flows are not
 * paused for it, and the alert says so, so the owner does not think the store stopped.
 */
export function MissingScopesAlert() {
  const { t } = useTranslation();
  const user = useSessionUser().data;
  const { data } = useChannelShop(!!user && user.platform !== 'custom');
  // Beside the title on a phone the button would squeeze this longer text into a narrow column.
  const isMobile = useIsMobile();
  if (!user || user.platform === 'custom' || !data || !data.authorized || data.missing_scopes.length === 0) return null;
  const { href, platform, inAdmin } = reauthorizeTarget(data);
  const platformName = platform ? t(`connect.platforms.${platform}`) : '';
  const button = href && (
    <Button type="primary" size="small" href={href} data-testid="platform-reauthorize">
      {t('platformLink.link.reauthorize')}
    </Button>
  );
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="platform-missing-scopes"
      title={t('platformLink.scopes.title', { platform: platformName })}
      description={(
        <>
          <div>{t('platformLink.scopes.intro')}</div>
          <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {data.missing_features.map((f) => <li key={f} data-testid="platform-missing-feature">{t(`platformLink.scopes.features.${f}`)}</li>)}
          </ul>
          <Typography.Text type="secondary" data-testid="platform-missing-scope-ids">
            {t('platformLink.scopes.ids', { scopes: data.missing_scopes.join(', ') })}
          </Typography.Text>
          {inAdmin && <div>{t('platformLink.link.reauthorizeInAdmin', { platform: platformName })}</div>}
          {isMobile && button && <div style={{ marginTop: 8 }}>{button}</div>}
        </>
      )}
      action={isMobile ? undefined : button}
    />
  );
}
