import { EditOutlined } from '@ant-design/icons';
import type { CopyPurposeName, WrittenCopyData } from '@storecast/contract';
import { Button, Input, Popover, Space, Typography } from 'antd';
import { Suspense, use, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { loadAiWriterStrings } from './load-ai-writer-strings.ts';
import { useWriteCopy } from './use-write-copy.ts';

export interface WriteForMeProps {
  /** What the copy is for: a flow kind, 'cross-sell', or 'campaign' for a Segment Send. */
  purpose: CopyPurposeName;
  channel: 'email' | 'sms';
  /** A coupon preset of the store the copy should offer; none: the copy promises no discount. */
  couponId?: string | null;
  /** Receives the written copy; the caller puts the fields it uses where they belong. */
  onWritten: (copy: WrittenCopyData) => void;
  disabled?: boolean;
  size?: 'small' | 'middle';
  /** `data-testid` of the button; the pop-over's brief and write button get `-brief` and `-write`. */
  testId?: string;
}

/**
 * "Write it for me": a button opening a pop-over with optional notes (tone, theme, occasion) and
 * a write button. Each write after the first asks for another variant, so pressing again gives
 * other words. Its strings load with it; until then the button shows disabled.
 */
export function WriteForMe(props: WriteForMeProps) {
  return (
    <Suspense fallback={<Button size={props.size} disabled data-testid={props.testId ?? 'write-for-me'}>…</Button>}>
      <AiWriterStrings>
        <WriteForMeLoaded {...props} />
      </AiWriterStrings>
    </Suspense>
  );
}

/**
 * Suspends only while the strings are on their way (the first page showing the button). It calls
 * no hook: React resumes a paused render expecting the hooks of the first try, and the strings
 * arriving in between decide whether `use` runs at all.
 */
function AiWriterStrings({ children }: { children: ReactNode }) {
  if (!i18n.exists('aiWriter.button')) use(loadAiWriterStrings());
  return children;
}

function WriteForMeLoaded({ purpose, channel, couponId, onWritten, disabled, size = 'small', testId = 'write-for-me' }: WriteForMeProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [brief, setBrief] = useState('');
  const [seed, setSeed] = useState(0);
  const write = useWriteCopy();

  const run = () => {
    write.mutate(
      { purpose, channel, brief: brief.trim() || undefined, coupon_id: couponId || undefined, seed },
      {
        onSuccess: (copy) => {
          setSeed((n) => n + 1);
          onWritten(copy);
          setOpen(false);
          toastSuccess(t(copy.by === 'ai' ? 'aiWriter.writtenByAi' : 'aiWriter.writtenBuiltIn'));
        },
      },
    );
  };

  const content = (
    <Space direction="vertical" style={{ width: 300 }}>
      <Typography.Text type="secondary">{t('aiWriter.hint')}</Typography.Text>
      <Typography.Text>{t('aiWriter.briefLabel')}</Typography.Text>
      <Input.TextArea
        value={brief}
        onChange={(e) => setBrief(e.target.value)}
        maxLength={200}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('aiWriter.briefPlaceholder')}
        data-testid={`${testId}-brief`}
      />
      <Button type="primary" block loading={write.isPending} onClick={run} data-testid={`${testId}-write`}>
        {write.isPending ? t('aiWriter.writing') : seed > 0 ? t('aiWriter.writeAgain') : t('aiWriter.write')}
      </Button>
    </Space>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => setOpen(next && !disabled)}
      trigger="click"
      title={t('aiWriter.title')}
      content={content}
      placement="bottomRight"
    >
      <Button size={size} icon={<EditOutlined />} disabled={disabled} data-testid={testId}>
        {t('aiWriter.button')}
      </Button>
    </Popover>
  );
}
