import { DOWNLOAD_PATHS, audienceRoutes } from '@storecast/contract';
import { Alert, Button, Col, Progress, Result, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../shared/api/files.ts';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { percent } from './import-rules.ts';

/** Steps 3 and 4: the running import, polled every second, then its record. */
export function ImportProgressStep({ importId, onAnother }: { importId: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: rec } = useApiQuery(audienceRoutes.importDetail, { query: { id: importId } }, {
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'in_progress' ? false : 1000),
  });
  if (!rec) return <PageLoading />;

  if (rec.status === 'in_progress') {
    return (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-progress">
        <Typography.Text>{t('emailList.import.running', { file: rec.file_name })}</Typography.Text>
        <Progress percent={percent(rec.processed_rows, rec.total_rows)} status="active" />
        <Typography.Text type="secondary">
          {t('emailList.import.processed', { processed: rec.processed_rows, total: rec.total_rows })}
        </Typography.Text>
      </Space>
    );
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="import-result" data-status={rec.status}>
      <Result
        status={rec.status === 'completed' ? 'success' : 'error'}
        title={rec.status === 'completed' ? t('emailList.import.completed') : t('emailList.import.failed')}
        subTitle={rec.file_name}
      />
      {rec.failure && <Alert type="error" showIcon title={rec.failure} />}
      <Row gutter={16}>
        {([
          ['total', rec.total_rows], ['new', rec.new_rows], ['updated', rec.updated_rows],
          ['skipped', rec.skipped_rows], ['invalid', rec.invalid_rows],
        ] as const).map(([k, v]) => (
          <Col key={k} xs={12} sm={8} md={4}>
            <Statistic title={t(`emailList.import.counts.${k}`)} value={v} data-testid={`import-count-${k}`} />
          </Col>
        ))}
      </Row>
      <Space wrap>
        {rec.invalid_rows > 0 && (
          <Button
            onClick={() => void downloadFile(DOWNLOAD_PATHS.importErrors, { id: rec.id }, `import-errors-${rec.id}.csv`)}
            data-testid="import-download-errors"
          >
            {t('emailList.import.downloadErrors')}
          </Button>
        )}
        <Button onClick={onAnother}>{t('emailList.import.another')}</Button>
        <Button type="primary" onClick={() => void navigate('/email-list/list')} data-testid="import-to-list">{t('emailList.import.toList')}</Button>
      </Space>
    </Space>
  );
}
