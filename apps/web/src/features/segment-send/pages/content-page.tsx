import { emailDocSchema, type EmailDoc } from '@storecast/contract';
import { useMemo, useState } from 'react';
import { toastError } from '../../../shared/api/toast.ts';
import { issueText } from '../../../shared/forms/zod-rule.ts';
import { applyCopyToDoc, WriteForMe } from '../../ai-writer/index.ts';
import { useCouponPresets } from '../../brand/index.ts';
import { EmailBlockEditor, ensureFooter } from '../../email-editor/index.ts';
import { StrategyPreview } from '../components/strategy-preview.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { strategyCouponId } from '../strategy-coupon.ts';
import { useWizard } from '../use-wizard.ts';

/**
 * Step 3: the e-mail editor over the draft's content, the server-rendered preview below. Only
 * content the contract accepts is saved.
 */
export function ContentPage() {
  const wizard = useWizard();
  // Asked again when the tab comes back into view: the editor's coupon picker sends the user to
  // /store/brand-assets in another tab to add presets.
  const presets = useCouponPresets({ refreshOnFocus: true });
  const [edited, setDoc] = useState<EmailDoc | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  // Until the first edit, the document is the saved draft once it has loaded (a reload lands
  // here with ?id=); from then on it is the user's.
  const saved = useMemo(() => (wizard.loading ? null : ensureFooter(wizard.detail?.content)), [wizard.loading, wizard.detail]);
  const doc = edited ?? saved;

  const collect = async () => {
    if (!doc) return null;
    const check = emailDocSchema.safeParse(doc);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      const index = issue.path[1];
      if (typeof index === 'number') setSelected(doc.blocks[index]?.id ?? null);
      toastError(issueText(issue));
      return null;
    }
    // The preset the coupon block was filled from becomes the strategy's coupon; until the
    // presets have loaded, the saved choice stays as it was.
    const couponId = presets.data ? strategyCouponId(check.data, presets.data) : (wizard.detail?.coupon_id ?? null);
    return { content: check.data, coupon_id: couponId };
  };

  return (
    <WizardFrame step="content" wizard={wizard} collect={collect}>
      {doc && (
        <>
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
            <WriteForMe
              purpose="campaign"
              channel="email"
              couponId={presets.data ? strategyCouponId(doc, presets.data) : (wizard.detail?.coupon_id ?? null)}
              onWritten={(copy) => setDoc(applyCopyToDoc(doc, copy))}
              testId="send-write-body"
            />
          </div>
          <EmailBlockEditor
            doc={doc}
            onChange={setDoc}
            selected={selected}
            onSelect={setSelected}
            couponPresets={{ list: presets.data, loading: presets.isPending }}
          />
          <StrategyPreview title={wizard.detail?.title ?? ''} summary={wizard.detail?.summary ?? ''} doc={doc} />
        </>
      )}
    </WizardFrame>
  );
}
