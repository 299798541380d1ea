import type { ConsentEvent } from '@storecast/contract';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The subscriber's consent history as the owner shows it when a complaint or a regulator asks:
 * each sign-up, confirmation and change of status, newest first, with where it came from and,
 * for a sign-up, the page, language and wording the shopper saw.
 */
type Field = 'via' | 'popup' | 'page' | 'ip' | 'userAgent' | 'language' | 'detail';

export function ConsentHistory({ events, when }: { events: ConsentEvent[]; when: (iso: string) => string }) {
  const { t } = useTranslation();
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emailList.detail.consentNone')} />;
  return (
    <Timeline
      data-testid="consent-history"
      items={events.map((e, i) => {
        const lines: [Field, string | null][] = [
          ['via', t(`emailList.detail.consentVia.${e.via}`, { defaultValue: e.via })],
          ['popup', e.popup_name],
          ['page', e.page_url],
          ['ip', e.ip],
          ['userAgent', e.user_agent],
          ['language', e.language],
          ['detail', e.popup_name && e.detail === e.popup_name ? null : e.detail],
        ];
        return {
          key: i,
          color: e.kind === 'unsubscribed' || e.kind === 'complained' ? 'gray' : 'green',
          title: when(e.occurred_at),
          content: (
            <div data-testid="consent-event" data-kind={e.kind} data-via={e.via}>
              <Typography.Text strong>
                <Tag>{t(`emailList.detail.consentChannels.${e.channel}`)}</Tag>
                {t(`emailList.detail.consentKinds.${e.kind}`)}
              </Typography.Text>
              {lines.filter(([, v]) => v).map(([k, v]) => (
                <div key={k}>
                  <Typography.Text type="secondary">{t(`emailList.detail.consentFields.${k}`)}: </Typography.Text>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text>
                </div>
              ))}
              {e.wording ? (
                <blockquote style={{ margin: '4px 0 0', paddingInlineStart: 8, borderInlineStart: '3px solid #d9d9d9' }}>
                  <Typography.Text type="secondary">{t('emailList.detail.consentFields.wording')}: </Typography.Text>
                  <Typography.Text data-testid="consent-wording">{e.wording}</Typography.Text>
                </blockquote>
              ) : null}
            </div>
          ),
        };
      })}
    />
  );
}
