import type { FlowAiNote } from '@storecast/contract';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What AI strategy management chose for this flow and why, as it wrote it in the store's language. */
export function AiNote({ note }: { note: FlowAiNote }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="flow-ai-note"
      title={`${t('flowEditor.ai.title')} · ${t(note.by === 'ai' ? 'flowEditor.ai.by.ai' : 'flowEditor.ai.by.builtIn')}`}
      description={(
        <>
          <Typography.Paragraph style={{ marginBottom: note.choices.length ? 8 : 0 }}>{note.summary}</Typography.Paragraph>
          {note.choices.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {note.choices.map((c, i) => (
                <li key={i}>
                  {t('flowEditor.ai.choice', { field: c.field, value: c.value })}
                  {c.why && <Typography.Text type="secondary"> {t('flowEditor.ai.why', { why: c.why })}</Typography.Text>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    />
  );
}
