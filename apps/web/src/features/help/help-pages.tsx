import { Card, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContactSupport } from './contact-support.tsx';
import { HelpBlocks } from './help-blocks.tsx';
import { CONTACT_SLUG, HelpFrame } from './help-frame.tsx';
import { useArticles } from './use-articles.ts';

/** /help: every article with its one-line summary, and the support contact. */
export function HelpHomePage() {
  const { t } = useTranslation();
  const articles = useArticles();
  const cards = [
    ...articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary })),
    { slug: CONTACT_SLUG, title: t('help.contact.title'), summary: t('help.contact.summary') },
  ];
  return (
    <HelpFrame>
      <Typography.Title level={2}>{t('help.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('help.intro')}</Typography.Paragraph>
      <Flex orientation="vertical" gap={12}>
        {cards.map((c) => (
          <Link key={c.slug} to={`/help/${c.slug}`} data-testid={`help-card-${c.slug}`}>
            <Card size="small" hoverable title={c.title}>
              <Typography.Text type="secondary">{c.summary}</Typography.Text>
            </Card>
          </Link>
        ))}
      </Flex>
    </HelpFrame>
  );
}

/** /help/:slug: one article, or the support contact. */
export function HelpArticlePage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const article = useArticles().find((a) => a.slug === slug);
  return (
    <HelpFrame>
      {slug === CONTACT_SLUG ? (
        <ContactSupport />
      ) : article ? (
        <>
          <Typography.Title level={2} data-testid="help-title">{article.title}</Typography.Title>
          <HelpBlocks blocks={article.blocks} />
        </>
      ) : (
        <Result status="404" subTitle={t('help.notFound')} extra={<Link to="/help">{t('help.title')}</Link>} />
      )}
    </HelpFrame>
  );
}
