import { IMPORT_FIELDS } from '@storecast/contract';
import { Alert, Button, Flex, Input, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnTarget, initialTargets, mappingProblem, toMapping } from './import-rules.ts';
import type { UploadResult } from './import-upload-step.tsx';
import { useTags } from './queries.ts';

const ATTRIBUTE = '__attribute';
const SKIP = '__skip';

/** Step 2: say what each column is, see the first rows, pick tags for everyone imported. */
export function ImportMappingStep({ upload, starting, onStart, onBack }: {
  upload: UploadResult;
  starting: boolean;
  onStart: (mapping: Record<string, string>, tagIds: number[]) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const tags = useTags();
  const [targets, setTargets] = useState(() => initialTargets(upload.columns, upload.suggested_mapping));
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const problem = mappingProblem(targets);
  const set = (column: string, target: ColumnTarget) => setTargets((prev) => ({ ...prev, [column]: target }));

  const fieldOptions = useMemo(() => [
    ...IMPORT_FIELDS.map((f) => ({ value: f, label: t(`emailList.import.fields.${f}`) })),
    { value: ATTRIBUTE, label: t('emailList.import.attribute') },
    { value: SKIP, label: t('emailList.import.skip') },
  ], [t]);

  const rows = upload.columns.map((column, i) => ({
    column,
    samples: upload.preview.slice(0, 3).map((r) => r[i] ?? '').filter(Boolean).join(' · '),
  }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('emailList.import.mapIntro', { file: upload.file_name })}</Typography.Text>
      <Table
        size="small"
        rowKey="column"
        pagination={false}
        dataSource={rows}
        data-testid="import-mapping"
        columns={[
          { title: t('emailList.import.column'), dataIndex: 'column' },
          { title: t('emailList.import.sample'), dataIndex: 'samples', render: (v: string) => <Typography.Text type="secondary" ellipsis>{v || '-'}</Typography.Text> },
          {
            title: t('emailList.import.field'), key: 'field', width: 360,
            render: (_, { column }, index) => {
              const target = targets[column] ?? { kind: 'skip' };
              const value = target.kind === 'field' ? target.field : target.kind === 'attribute' ? ATTRIBUTE : SKIP;
              return (
                <Space.Compact style={{ width: '100%' }}>
                  <Select
                    // Short fixed lists: render every option so each stays reachable without scrolling.
                    virtual={false}
                    style={{ width: 180 }}
                    value={value}
                    options={fieldOptions}
                    onChange={(v: string) => set(column, v === SKIP ? { kind: 'skip' } : v === ATTRIBUTE ? { kind: 'attribute', key: column } : { kind: 'field', field: v as (typeof IMPORT_FIELDS)[number] })}
                    data-testid={`import-map-${index}`}
                  />
                  {target.kind === 'attribute' && (
                    <Input
                      style={{ width: 170 }}
                      maxLength={50}
                      placeholder={t('emailList.import.attributeKey')}
                      value={target.key}
                      onChange={(e) => set(column, { kind: 'attribute', key: e.target.value })}
                      data-testid={`import-map-key-${index}`}
                    />
                  )}
                </Space.Compact>
              );
            },
          },
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('emailList.import.preview')}</Typography.Title>
        <Table
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(_, i) => String(i)}
          dataSource={upload.preview.slice(0, 5).map((cells) => Object.fromEntries(upload.columns.map((c, i) => [c, cells[i] ?? ''])))}
          columns={upload.columns.map((c) => ({ title: c, dataIndex: c, key: c }))}
          data-testid="import-preview"
        />
      </div>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('emailList.import.tags')}</Typography.Text>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 280 }}
          placeholder={t('emailList.import.tagsHint')}
          value={tagIds}
          onChange={setTagIds}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          data-testid="import-tags"
        />
      </Flex>
      {tried && problem && <Alert type="error" showIcon title={t(problem)} data-testid="import-mapping-error" />}
      <Space>
        <Button onClick={onBack}>{t('emailList.import.back')}</Button>
        <Button
          type="primary"
          loading={starting}
          onClick={() => {
            setTried(true);
            if (!problem) onStart(toMapping(targets), tagIds);
          }}
          data-testid="import-start"
        >
          {t('emailList.import.start')}
        </Button>
      </Space>
    </Space>
  );
}
