import { applyCopyToDoc, WriteForMe } from '../../ai-writer/index.ts';
import { EmailBlockEditor } from '../../email-editor/index.ts';
import { StrategyPreview } from '../components/strategy-preview.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { useContentDraft } from '../use-content-draft.ts';
import { useWizard } from '../use-wizard.ts';

/**
 * Step 3: the e-mail editor over the draft's content, the server-rendered preview below. Only
 * content the contract accepts is saved.
 */
export function ContentPage() {
  const wizard = useWizard();
  const draft = useContentDraft({ ready: !wizard.loading, content: wizard.detail?.content, couponId: wizard.detail?.coupon_id });
  const { doc } = draft;

  return (
    <WizardFrame step="content" wizard={wizard} collect={async () => draft.collect()}>
      {doc && (
        <>
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
            <WriteForMe
              purpose="campaign"
              channel="email"
              couponId={draft.couponIdOf(doc)}
              onWritten={(copy) => draft.setDoc(applyCopyToDoc(doc, copy))}
              testId="send-write-body"
            />
          </div>
          <EmailBlockEditor doc={doc} {...draft.editor} />
          <StrategyPreview title={wizard.detail?.title ?? ''} summary={wizard.detail?.summary ?? ''} doc={doc} />
        </>
      )}
    </WizardFrame>
  );
}
