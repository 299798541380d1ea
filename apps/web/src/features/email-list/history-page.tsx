import { DOWNLOAD_PATHS } from '@storecast/contract';
import { Button, Progress, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/files.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { percent } from './import-rules.ts';
import { useExports, useImports } from './queries.ts';

const STATUS_COLORS = { in_progress: 'processing', completed: 'success', failed: 'error' } as const;

function StatusTag({ status }: { status: keyof typeof STATUS_COLORS }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]} data-testid="record-status" data-status={status}>{t(`emailList.history.status.${status}`)}</Tag>;
}

function Running({ processed, total }: { processed: number; total: number }) {
  return <Progress size="small" style={{ width: 140 }} percent={percent(processed, total)} status="active" />;
}

/** /email-list/history: import and export records; running ones refresh until they finish. */
export function HistoryPage() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const imports = useImports();
  const exports = useExports();
  const when = (v: string | null) => formatInZone(v ?? undefined, user?.timezone);

  return (
    <>
      <Typography.Title level={5}>{t('emailList.history.imports')}</Typography.Title>
      <Table
        rowKey="id"
        size="middle"
        loading={imports.isPending}
        dataSource={imports.data}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'import-record' }) as object}
        columns={[
          { title: t('emailList.history.file'), dataIndex: 'file_name' },
          { title: t('emailList.history.createdAt'), dataIndex: 'created_at', render: when },
          { title: t('emailList.fields.status'), dataIndex: 'status', render: (s: keyof typeof STATUS_COLORS) => <StatusTag status={s} /> },
          {
            title: t('emailList.history.progress'), key: 'progress',
            render: (_, r) => r.status === 'in_progress'
              ? <Running processed={r.processed_rows} total={r.total_rows} />
              : t('emailList.history.importCounts', { total: r.total_rows, new: r.new_rows, updated: r.updated_rows, skipped: r.skipped_rows, invalid: r.invalid_rows }),
          },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, r) => r.status !== 'in_progress' && r.invalid_rows > 0 && (
              <Button size="small" onClick={() => void downloadFile(DOWNLOAD_PATHS.importErrors, { id: r.id }, `import-errors-${r.id}.csv`)} data-testid="record-download-errors">
                {t('emailList.import.downloadErrors')}
              </Button>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 32 }}>{t('emailList.history.exports')}</Typography.Title>
      <Table
        rowKey="id"
        size="middle"
        loading={exports.isPending}
        dataSource={exports.data}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'export-record' }) as object}
        columns={[
          { title: t('emailList.export.format'), dataIndex: 'format', render: (f: string) => f.toUpperCase() },
          { title: t('emailList.history.createdAt'), dataIndex: 'created_at', render: when },
          { title: t('emailList.fields.status'), dataIndex: 'status', render: (s: keyof typeof STATUS_COLORS) => <StatusTag status={s} /> },
          {
            title: t('emailList.history.progress'), key: 'progress',
            render: (_, r) => r.status === 'in_progress'
              ? <Running processed={r.processed_rows} total={r.total_rows} />
              : r.failure ?? t('emailList.history.exportCount', { count: r.total_rows }),
          },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, r) => r.status === 'completed' && (
              <Button size="small" type="link" onClick={() => void downloadFile(DOWNLOAD_PATHS.exportFile, { id: r.id }, `subscribers-${r.id}.${r.format}`)} data-testid="record-download-export">
                {t('emailList.history.download')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
