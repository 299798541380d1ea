import type { FlowAiNote } from '@storecast/contract';
import { Collapse, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What AI strategy management chose for a flow and why, folded under its summary. */
export function AiNote({ note }: { note: FlowAiNote }) {
  const { t } = useTranslation();
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
            <div><Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>{note.summary}</Typography.Text></div>
          </span>
        ),
        children: (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {note.choices.map((c, i) => (
              <li key={i} style={{ overflowWrap: 'anywhere' }}>
                <Typography.Text strong>{c.field}</Typography.Text>: {c.value}
                <div><Typography.Text type="secondary">{t('automation.ai.why', { why: c.why })}</Typography.Text></div>
              </li>
            ))}
          </ul>
        ),
      }]}
    />
  );
}
