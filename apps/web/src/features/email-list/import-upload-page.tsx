import { audienceRoutes, authRoutes } from '@storecast/contract';
import { Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportProgressStep } from './import-progress-step.tsx';
import { ImportUploadStep, type UploadResult } from './import-upload-step.tsx';

/** /email-list/import-upload (edit layout): upload, map columns, watch it run, read the record. */
export function ImportUploadPage() {
  const { t } = useTranslation();
  const cache = useApiCache();
  const [upload, setUpload] = useState<UploadResult | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const start = useApiMutation(audienceRoutes.importStart, {
    input: (v: { mapping: Record<string, string>; tagIds: number[] }) =>
      ({ body: { upload_id: upload!.upload_id, mapping: v.mapping, tag_ids: v.tagIds } }),
    // The session user's flag_import and the records change with a new import.
    invalidates: [audienceRoutes.importList, authRoutes.info],
    onSuccess: ({ import_id }) => setImportId(import_id),
  });

  const step = importId ? 2 : upload ? 1 : 0;
  const restart = () => {
    setUpload(null);
    setImportId(null);
    void cache.invalidate(audienceRoutes.subscriberList);
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('emailList.import.title')}</Typography.Title>
      <Steps
        current={step}
        style={{ marginBottom: 32 }}
        items={[
          { title: t('emailList.import.steps.upload') },
          { title: t('emailList.import.steps.map') },
          { title: t('emailList.import.steps.run') },
        ]}
      />
      {step === 0 && <ImportUploadStep onUploaded={setUpload} />}
      {step === 1 && upload && (
        <ImportMappingStep
          upload={upload}
          starting={start.isPending}
          onStart={(mapping, tagIds) => start.mutate({ mapping, tagIds })}
          onBack={() => setUpload(null)}
        />
      )}
      {step === 2 && importId && <ImportProgressStep importId={importId} onAnother={restart} />}
    </>
  );
}
