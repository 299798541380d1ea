import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/queries.ts';
import { reauthorizeTarget } from './reauthorize-target.ts';
import { useChannelShop } from './use-channel-shop.ts';

/**
 * SPEC section 4: a platform store whose app was uninstalled or whose token stopped working is
 * not authorised. The server words the sentence and gives the link that opens the app from the
 * shop's admin again, which runs the install and sends the owner back to the dashboard. Where the
 * server knows no such link (the platform's app set up without its key), the button opens the
 * store's admin, where the owner opens the app, and says so.
 */
export function NotAuthorizedAlert() {
  const { t } = useTranslation();
  // A custom store has no platform link to lose: it asks nothing.
  const user = useSessionUser().data;
  const { data } = useChannelShop(!!user && user.platform !== 'custom');
  if (!user || user.platform === 'custom' || !data || data.authorized || !data.status) return null;
  const { href, platform, inAdmin } = reauthorizeTarget(data);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="platform-not-authorized"
      title={data.message}
      description={inAdmin && platform ? t('platformLink.link.reauthorizeInAdmin', { platform: t(`connect.platforms.${platform}`) }) : undefined}
      action={href && (
        <Button type="primary" size="small" href={href} data-testid="platform-reauthorize">
          {t('platformLink.link.reauthorize')}
        </Button>
      )}
    />
  );
}
