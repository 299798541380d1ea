import { describeAiNote, type FlowAiNote } from '@storecast/contract';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtimeKey } from '../../../shared/i18n/translation-key.ts';

/** What AI strategy management chose for this flow and why, in the reader's language. */
export function AiNote({ note }: { note: FlowAiNote }) {
  const { t } = useTranslation();
  const said = describeAiNote(note, (key, params) => t(runtimeKey(key), params));
  return (
    <Alert
      type="info"
      showIcon
      data-testid="flow-ai-note"
      title={`${t('flowEditor.ai.title')} · ${t(note.by === 'ai' ? 'flowEditor.ai.by.ai' : 'flowEditor.ai.by.builtIn')}`}
      description={(
        <>
          <Typography.Paragraph style={{ marginBottom: said.choices.length ? 8 : 0 }}>{said.summary}</Typography.Paragraph>
          {said.choices.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {said.choices.map((c, i) => (
                <li key={i}>
                  {t('flowEditor.ai.choice', { field: c.label, value: c.value })}
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
