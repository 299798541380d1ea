import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/api/toast.ts';
import { IMAGE_ACCEPT, imageFileProblem } from './image-rules.ts';

/**
 * Picks one image and hands it to `upload` (our own client: token and envelope), refusing a
 * wrong type or a file of 2 MB or more before a byte is sent.
 */
export function ImageUploadButton({ label, upload, testId }: { label: string; upload: (file: File) => Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    const problem = imageFileProblem(file.name, file.size);
    if (problem) return toastError(t(problem));
    setBusy(true);
    try {
      await upload(file);
    } catch {
      // Shown as a toast by the client; the user may pick another file.
    } finally {
      setBusy(false);
    }
  };
  return (
    <span data-testid={testId}>
      <Upload
        accept={IMAGE_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>{busy ? t('brand.style.uploading') : label}</Button>
      </Upload>
    </span>
  );
}
