import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The marketing calendar: a month of plans with the market's holidays. */
export function CalendarPage() {
  const { t } = useTranslation();
  return <Empty description={t('calendar.title')} />;
}
