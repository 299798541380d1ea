import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../shared/session/queries.ts';
import { openLink } from '../../shared/ui/open-link.ts';

/**
 * The support contact every install has: the operator's SUPPORT_EMAIL and SUPPORT_URL when set,
 * otherwise a note saying who sets them, so a store owner is never left without a way to ask.
 */
export function ContactSupport() {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  const email = config?.support_email ?? '';
  const url = config?.support_url ?? '';
  return (
    <>
      <Typography.Title level={2}>{t('help.contact.title')}</Typography.Title>
      <Typography.Paragraph>{t('help.contact.intro')}</Typography.Paragraph>
      {email && (
        <Typography.Paragraph data-testid="help-support-email">
          {t('help.contact.write')}{' '}
          <Typography.Link href={`mailto:${email}`} strong>{email}</Typography.Link>
        </Typography.Paragraph>
      )}
      {url && (
        <Typography.Paragraph>
          <Button type="primary" onClick={() => openLink(url, config?.own_hosts ?? [])} data-testid="help-support-online">{t('help.contact.online')}</Button>
        </Typography.Paragraph>
      )}
      {email || url
        ? <Typography.Paragraph type="secondary">{t('help.contact.include')}</Typography.Paragraph>
        : config && <Typography.Paragraph type="secondary" data-testid="help-support-unset">{t('help.contact.unset')}</Typography.Paragraph>}
    </>
  );
}
