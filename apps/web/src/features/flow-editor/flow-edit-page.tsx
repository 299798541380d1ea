import { CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import type { EmailStep, FlowDefinition, FlowDetail, FlowStep, SmsStep, WrittenCopyData } from '@storecast/contract';
import { Alert, App, Button, Flex, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toastError, toastSuccess } from '../../shared/api/toast.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { WriteForMe, applyCopyToDoc } from '../ai-writer/index.ts';
import { useCouponPresets } from '../brand/index.ts';
import { ensureFooter } from '../email-editor/index.ts';
import { AiNote } from './components/ai-note.tsx';
import { EmailContentDrawer } from './components/email-content-drawer.tsx';
import { FlowSettings } from './components/flow-settings.tsx';
import { StepTimeline } from './components/step-timeline.tsx';
import { flowIssues, problemText } from './flow-issues.ts';
import { useAutomationSettings, useFlow, usePublishFlow, useSaveFlow } from './queries.ts';
import { locate, updateStep } from './step-tree.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';
import { withFlowEditorStrings } from './load-flow-editor-strings.ts';

/** /automation/strategy-edit?id=: one flow's draft, saved and published from here. */
function FlowEditor() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { t } = useTranslation();
  const flow = useFlow(id);
  if (flow.isPending && id) return <PageLoading />;
  if (!flow.data) return <Alert type="error" showIcon title={t('flowEditor.loadFailed')} data-testid="flow-missing" />;
  // A new key after a save or publish starts the editor over from what the server stored.
  return <FlowDraftEditor key={flow.data.id} flow={flow.data} />;
}

function FlowDraftEditor({ flow }: { flow: FlowDetail }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const presets = useCouponPresets({ refreshOnFocus: true });
  const settings = useAutomationSettings();
  const save = useSaveFlow();
  const publish = usePublishFlow();
  // The draft being edited and the one last stored: the difference is what a save would send.
  const [stored, setStored] = useState<FlowDefinition>(flow.draft);
  const [draft, setDraft] = useState<FlowDefinition>(flow.draft);
  const [editing, setEditing] = useState<string | null>(null);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(stored), [draft, stored]);
  const issues = useMemo(() => flowIssues(draft), [draft]);
  useUnsavedGuard(dirty);

  const changeSteps = useCallback((steps: FlowStep[]) => setDraft((d) => ({ ...d, steps })), []);
  const editContent = useCallback((key: string) => setEditing(key), []);
  // "Write it for me": an e-mail takes the subject, preview text and its first text block and
  // button; an SMS its text. The step is looked up again when the copy arrives.
  const writeInto = useCallback((key: string, copy: WrittenCopyData) => setDraft((d) => {
    const at = locate(d.steps, key);
    const step = at?.list[at.index];
    if (step?.type === 'sms') return { ...d, steps: updateStep<SmsStep>(d.steps, key, { text: copy.sms }) };
    if (step?.type !== 'email') return d;
    const content = applyCopyToDoc(ensureFooter(step.content), copy);
    return { ...d, steps: updateStep<EmailStep>(d.steps, key, { title: copy.subject, summary: copy.preview, content }) };
  }), []);
  const writer = useCallback((step: FlowStep) => (step.type === 'email' || step.type === 'sms') && (
    <WriteForMe
      purpose={flow.kind}
      channel={step.type}
      couponId={step.type === 'email' ? step.coupon_id : null}
      onWritten={(copy) => writeInto(step.key, copy)}
      testId={`write-${step.key}`}
    />
  ), [flow.kind, writeInto]);
  const editedStep = editing ? locate(draft.steps, editing) : null;
  const editedEmail = editedStep?.list[editedStep.index];

  const saveDraft = async (): Promise<FlowDetail | null> => {
    if (issues.count > 0) {
      toastError(t('flowEditor.fixErrors', { count: issues.count }));
      return null;
    }
    // Refusals (the server's own checks) are the API client's toast; the draft stays as edited.
    const saved = await save.mutateAsync({ id: flow.id, definition: draft }).catch(() => null);
    if (saved) {
      setStored(draft);
      toastSuccess(t('flowEditor.saved'));
    }
    return saved;
  };

  const confirmPublish = () => {
    if (issues.count > 0) {
      toastError(t('flowEditor.fixErrors', { count: issues.count }));
      return;
    }
    modal.confirm({
      title: t('flowEditor.publishTitle'),
      content: t('flowEditor.publishBody'),
      okText: t('flowEditor.publishOk'),
      cancelText: t('flowEditor.cancel'),
      okButtonProps: { 'data-testid': 'publish-confirm' },
      onOk: async () => {
        if (dirty && !(await saveDraft())) return;
        // Publishing takes the stored draft as it is, so what is on screen stays the saved state.
        const published = await publish.mutateAsync({ id: flow.id }).catch(() => null);
        if (published) toastSuccess(t('notices.automation.published'));
      },
    });
  };

  const saving = save.isPending || publish.isPending;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="flow-editor">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="flow-title">{t(`flowEditor.kinds.${flow.kind}`)}</Typography.Title>
          <Space size={[4, 4]} wrap style={{ marginTop: 6 }}>
            <Tag color={flow.enabled ? 'green' : undefined}>{t(flow.enabled ? 'flowEditor.status.enabled' : 'flowEditor.status.disabled')}</Tag>
            <Tag data-testid="flow-version">
              {flow.version > 0 ? t('flowEditor.status.version', { version: flow.version }) : t('flowEditor.status.neverPublished')}
            </Tag>
            {flow.unpublished && !dirty && <Tag color="orange" data-testid="flow-unpublished">{t('flowEditor.status.unpublished')}</Tag>}
            {flow.active_runs > 0 && <Tag>{t('flowEditor.status.activeRuns', { count: flow.active_runs })}</Tag>}
          </Space>
        </div>
        <Flex gap={8} align="center" wrap>
          <Typography.Text type={dirty ? 'warning' : 'secondary'} data-testid="save-state" data-dirty={dirty}>
            {saving ? t('flowEditor.saving') : dirty ? t('flowEditor.unsaved') : t('flowEditor.saved')}
          </Typography.Text>
          <Button icon={<SaveOutlined />} onClick={() => void saveDraft()} loading={save.isPending} disabled={!dirty} data-testid="flow-save">
            {t('flowEditor.save')}
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={confirmPublish} loading={publish.isPending} data-testid="flow-publish">
            {t('flowEditor.publish')}
          </Button>
        </Flex>
      </Flex>
      {flow.ai_note && <AiNote note={flow.ai_note} />}
      {issues.flow.has('steps') && <Alert type="error" showIcon title={problemText(issues.flow.get('steps'))} data-testid="flow-steps-problem" />}
      <StepTimeline
        steps={draft.steps}
        change={changeSteps}
        issues={issues.steps}
        couponPresets={presets.data}
        quietHours={settings.data?.sms_quiet_hours}
        editContent={editContent}
        writer={writer}
      />
      <FlowSettings kind={flow.kind} draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} issues={issues.flow} />
      {editedEmail?.type === 'email' && (
        <EmailContentDrawer
          step={editedEmail}
          couponPresets={{ list: presets.data, loading: presets.isPending }}
          onChange={(patch) => setDraft((d) => ({ ...d, steps: updateStep<EmailStep>(d.steps, editedEmail.key, patch) }))}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

export const FlowEditPage = withFlowEditorStrings(FlowEditor);
