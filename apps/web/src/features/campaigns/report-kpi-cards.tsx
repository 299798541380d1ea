import { type CampaignReport, formatMoney } from '@storecast/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { numbersOf } from './report-numbers.ts';

/**
 * The range's totals, one card each. Six cards share a row from 992 px and three from 576 px; a
 * type with three numbers (no draws) gives each a third of the row. On a phone two counts share a
 * row and revenue takes a whole one: an amount with its symbol is too wide for half of 390 px.
 */
export function ReportKpiCards({ report }: { report: CampaignReport }) {
  const { t, i18n } = useTranslation();
  const keys = numbersOf(report.campaign.type);
  const wide = keys.length <= 3;
  return (
    <Row gutter={[12, 12]}>
      {keys.map((key) => {
        const n = report.totals[key];
        // Revenue is in minor units of the store's currency; every other figure is a count.
        const value = key === 'revenue' ? formatMoney(n, report.currency) : formatNumber(n, i18n.language);
        return (
          <Col key={key} xs={key === 'revenue' ? 24 : 12} sm={8} lg={wide ? 8 : 4}>
            <Card size="small">
              <Statistic
                title={t(`campaigns.report.kpis.${key}`)}
                value={value}
                valueRender={() => <span data-testid={`report-kpi-${key}`} data-value={n} style={{ overflowWrap: 'anywhere' }}>{value}</span>}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
