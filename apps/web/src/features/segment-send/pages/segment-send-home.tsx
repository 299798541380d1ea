import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SegmentsPage } from '../../segments/index.ts';
import { StrategiesTable } from '../components/strategies-table.tsx';

/**
 * /tags: the Segment Send home. Strategies first; the segments they send to sit in the second
 * tab (the segments feature's page), chosen by `?tab=segments`.
 */
export function SegmentSendHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'segments' ? 'segments' : 'strategies';
  const strategies = (
    <StrategiesTable
      kind="segment"
      strings="segmentSend"
      testIdPrefix="send"
      reportPath="/tags/strategy-report"
      onNew={() => void navigate('/tags/setting')}
      canEdit={(row) => row.status === 'draft'}
      onEdit={(row) => void navigate(`/tags/setting?id=${row.id}`)}
      saveAsTemplate
    />
  );
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('segmentSend.title')}</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'segments' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'strategies', label: <span data-testid="tab-tags-strategies">{t('segmentSend.tabs.strategies')}</span>, children: strategies },
          { key: 'segments', label: <span data-testid="tab-tags-segments">{t('segmentSend.tabs.segments')}</span>, children: <SegmentsPage embedded /> },
        ]}
        destroyOnHidden
      />
    </>
  );
}
