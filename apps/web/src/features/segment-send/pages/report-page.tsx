import { useTranslation } from 'react-i18next';
import { StrategyReportPage } from '../components/strategy-report-page.tsx';

/** /tags/strategy-report?id=: delivery, engagement and attributed sales of one send, over time. */
export function ReportPage() {
  const { t } = useTranslation();
  return (
    <StrategyReportPage
      back={{ to: '/tags', label: t('segmentSend.report.back') }}
      missing={{ title: t('segmentSend.loadFailed'), testId: 'send-missing' }}
    />
  );
}
