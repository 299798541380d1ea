import { InboxOutlined } from '@ant-design/icons';
import { type DataOf, audienceRoutes } from '@storecast/contract';
import { Upload, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../shared/api/files.ts';
import { toastError } from '../../shared/api/toast.ts';
import { IMPORT_ACCEPT, importFileProblem } from './import-rules.ts';

export type UploadResult = DataOf<typeof audienceRoutes.importUpload>;

/**
 * Step 1: choose a file. Type and size are refused here, before a byte is sent; the server
 * checks again and reads only the first rows to answer with the columns and a preview.
 */
export function ImportUploadStep({ onUploaded }: { onUploaded: (r: UploadResult) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    const problem = importFileProblem(file.name, file.size);
    if (problem) {
      toastError(t(problem));
      return;
    }
    setBusy(true);
    try {
      onUploaded(await uploadFile(audienceRoutes.importUpload, file));
    } catch {
      // The failure was shown as a toast; the user may pick another file.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload.Dragger
      accept={IMPORT_ACCEPT}
      multiple={false}
      showUploadList={false}
      disabled={busy}
      // The upload goes through our own client (token, envelope), not antd's XHR.
      beforeUpload={(file) => {
        void send(file);
        return Upload.LIST_IGNORE;
      }}
      data-testid="import-dragger"
    >
      <p className="ant-upload-drag-icon"><InboxOutlined /></p>
      <Typography.Paragraph>{busy ? t('emailList.import.uploading') : t('emailList.import.drop')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('emailList.import.fileRule')}</Typography.Paragraph>
    </Upload.Dragger>
  );
}
