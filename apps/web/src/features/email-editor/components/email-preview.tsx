import { emailDocSchema, type EmailDoc } from '@storecast/contract';
import { Alert, Card, Flex, Segmented, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText, translateIssue } from '../../../shared/forms/zod-rule.ts';
import i18n from '../../../shared/i18n/i18n.ts';
import { runtimeKey } from '../../../shared/i18n/translation-key.ts';
import { allowMailStyles } from '../../../shared/security/allow-mail-styles.ts';

/** Gmail clips messages above this size (the renderer's warning says the same). */
const CLIP_BYTES = 102 * 1024;
const WIDTHS = { desktop: 600, mobile: 375 } as const;

/** The server's rendering of one e-mail, whichever feature asked for it. */
export interface RenderedEmail {
  html: string;
  size_bytes: number;
  warnings: string[];
  /** Parameters of the warnings that take any, by key (e.g. the missing product ids of errors.content.productMissing). */
  warning_params?: Record<string, Record<string, string>>;
}

/**
 * The caller's request for the rendering (a query result): each feature renders through its own
 * route, so the editor takes the answer rather than knowing the endpoint.
 */
export interface PreviewState {
  data: RenderedEmail | undefined;
  isError: boolean;
  error: { message: string } | null;
  isFetching: boolean;
}

/** The document worth sending to the renderer: content the contract refuses is not sent. */
export function previewableDoc(doc: EmailDoc | null): EmailDoc | null {
  return doc && emailDocSchema.safeParse(doc).success ? doc : null;
}

/**
 * The server's rendering of the e-mail (the store's style, sample personalisation) in a
 * sandboxed iframe at desktop or mobile width, with its size and the renderer's warnings.
 * While the contract refuses the content, its first problem shows instead.
 */
export function EmailPreview({ doc, preview }: { doc: EmailDoc; preview: PreviewState }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const check = emailDocSchema.safeParse(doc);
  const data = preview.data;
  const frameHtml = useMemo(() => (data ? allowMailStyles(data.html) : ''), [data]);
  const kb = data ? Math.ceil(data.size_bytes / 1024) : 0;
  const warnings = new Set(data?.warnings.map((w) => {
    const params = data.warning_params?.[w];
    return params && w.startsWith('errors.') ? i18n.t(runtimeKey(w), params as Record<string, string | number>) : translateIssue(w);
  }) ?? []);
  if (data && data.size_bytes > CLIP_BYTES) warnings.add(t('errors.content.tooLarge', { size: kb }));

  return (
    <Card
      title={t('emailEditor.preview.title')}
      extra={(
        <Segmented
          value={device}
          onChange={setDevice}
          options={[{ value: 'desktop', label: t('emailEditor.preview.desktop') }, { value: 'mobile', label: t('emailEditor.preview.mobile') }]}
          data-testid="preview-device"
        />
      )}
    >
      {!check.success && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="preview-invalid"
          title={t('emailEditor.preview.invalid', { message: check.error.issues[0] ? issueText(check.error.issues[0]) : '' })} />
      )}
      {check.success && preview.isError && preview.error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={preview.error.message} data-testid="preview-error" />
      )}
      {[...warnings].map((w) => <Alert key={w} type="warning" showIcon title={w} style={{ marginBottom: 12 }} data-testid="preview-warning" />)}
      <Flex justify="space-between" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="preview-size" data-bytes={data?.size_bytes ?? ''}>
          {data ? t('emailEditor.preview.size', { size: kb }) : ''}
        </Typography.Text>
        {preview.isFetching && <Spin size="small" />}
      </Flex>
      <Flex justify="center" style={{ background: '#f5f5f5', padding: 16, borderRadius: 8 }}>
        {data ? (
          <iframe
            title={t('emailEditor.preview.title')}
            srcDoc={frameHtml}
            // No scripts, no same-origin: the e-mail's HTML cannot touch the admin.
            sandbox=""
            style={{ width: WIDTHS[device], height: 640, border: '1px solid #e5e5e5', background: '#fff' }}
            data-testid={`preview-frame-${device}`}
          />
        ) : (
          <Typography.Text type="secondary" style={{ padding: 48 }}>{t('emailEditor.preview.loading')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
