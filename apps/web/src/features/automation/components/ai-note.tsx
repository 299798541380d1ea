import { describeAiNote, type FlowAiNote } from '@storecast/contract';
import { Collapse, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtimeKey } from '../../../shared/i18n/translation-key.ts';

/** What AI strategy management chose for a flow and why, in the reader's language, folded under its summary. */
export function AiNote({ note }: { note: FlowAiNote }) {
  const { t } = useTranslation();
  const said = describeAiNote(note, (key, params) => t(runtimeKey(key), params));
  return (
    <Collapse
      size="small"
      data-testid="automation-ai-note"
      items={[{
        key: 'note',
        label: (
          <span>
            <Typography.Text strong>{t('automation.ai.noteTitle')}</Typography.Text>{' '}
            <Tag color={note.by === 'ai' ? 'purple' : 'default'}>{t(note.by === 'ai' ? 'automation.ai.noteBy.ai' : 'automation.ai.noteBy.builtIn')}</Tag>
            <div><Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }} data-testid="ai-note-summary">{said.summary}</Typography.Text></div>
          </span>
        ),
        children: (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {said.choices.map((c, i) => (
              <li key={i} style={{ overflowWrap: 'anywhere' }} data-testid="ai-note-choice">
                {t('automation.ai.choice', { field: c.label, value: c.value })}
                {c.why && <div><Typography.Text type="secondary">{t('automation.ai.why', { why: c.why })}</Typography.Text></div>}
              </li>
            ))}
          </ul>
        ),
      }]}
    />
  );
}
