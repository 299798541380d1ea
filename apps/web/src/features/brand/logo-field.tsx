import { type DataOf, brandRoutes } from '@storecast/contract';
import { Alert, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../shared/api/files.ts';
import { ImageUploadButton } from './image-upload-button.tsx';

type Warning = DataOf<typeof brandRoutes.uploadLogo>['warnings'][number];

/**
 * The logo as a form control: its preview, an upload button, and the server's advice when the
 * uploaded logo is not 4:1, not JPG or over 200 KB (kept all the same; the owner decides).
 */
export function LogoField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { t } = useTranslation();
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const upload = async (file: File) => {
    const res = await uploadFile(brandRoutes.uploadLogo, file);
    setWarnings(res.warnings);
    onChange?.(res.url);
  };
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Flex align="center" gap={16} wrap>
        {value ? (
          <img src={value} alt={t('brand.style.logoAlt')} height={60} style={{ maxWidth: 320, objectFit: 'contain', background: '#f5f5f5' }} data-testid="style-logo-preview" />
        ) : null}
        <ImageUploadButton label={t('brand.style.logoUpload')} upload={upload} testId="style-logo-upload" />
      </Flex>
      <Typography.Text type="secondary">{t('brand.style.logoRule')}</Typography.Text>
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="style-logo-advice"
          title={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{warnings.map((w) => <li key={w.code}>{w.message}</li>)}</ul>}
        />
      )}
    </Space>
  );
}
