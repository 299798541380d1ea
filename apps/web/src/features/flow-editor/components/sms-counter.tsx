import { countSmsSegments, withSmsOptOut } from '@storecast/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Characters and SMS parts of the text as the contract counts them (GSM-7, or UCS-2 once one
 * character such as Chinese needs it): the same count the sending side charges volume by, with
 * the opt-out line publishing adds when the text has none.
 */
export function SmsCounter({ text }: { text: string }) {
  const { t } = useTranslation();
  const count = countSmsSegments(withSmsOptOut(text));
  return (
    <Typography.Text type="secondary" data-testid="sms-counter" data-segments={count.segments} data-encoding={count.encoding}>
      {t('flowEditor.sms.counter', { characters: count.characters, segments: count.segments, encoding: count.encoding })}
      {' · '}
      {t('flowEditor.sms.perSegment', { perSegment: count.perSegment })}
    </Typography.Text>
  );
}
