import type { AppEmbedStatus as EmbedStatus } from '@storecast/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * On a platform store the storefront script comes in through the theme's app embed rather than a
 * pasted snippet: whether it is on in the live theme, and the theme editor opened at it.
 */
export function AppEmbedStatus({ embed }: { embed: EmbedStatus }) {
  const { t } = useTranslation();
  if (!embed.applicable) return null;
  const tag = embed.enabled === null
    ? <Tag data-testid="app-embed-state" data-state="unknown">{t('platformLink.embed.unknown')}</Tag>
    : embed.enabled
      ? <Tag color="green" data-testid="app-embed-state" data-state="on">{t('platformLink.embed.on')}</Tag>
      : <Tag color="orange" data-testid="app-embed-state" data-state="off">{t('platformLink.embed.off')}</Tag>;
  return (
    <div data-testid="app-embed">
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{t('platformLink.embed.title')}</Typography.Text>
        {tag}
        {embed.editor_url && (
          <Button size="small" href={embed.editor_url} target="_blank" rel="noopener noreferrer" data-testid="app-embed-editor">
            {t('platformLink.embed.openEditor')}
          </Button>
        )}
      </Flex>
      {embed.enabled !== true && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('platformLink.embed.hint')}</Typography.Paragraph>}
    </div>
  );
}
