import { type CouponPreset, emailDocSchema, type EmailDoc } from '@storecast/contract';
import { useMemo, useState } from 'react';
import { toastError } from '../../shared/api/toast.ts';
import { issueText } from '../../shared/forms/zod-rule.ts';
import { useCouponPresets } from '../brand/index.ts';
import { ensureFooter } from '../email-editor/index.ts';
import { strategyCouponId } from './strategy-coupon.ts';

interface Source {
  /** The stored send has loaded (or there is none yet). */
  ready: boolean;
  content: EmailDoc | null | undefined;
  couponId: string | null | undefined;
  /**
   * Where a send without content starts, given the store's first coupon preset (then the presets
   * are waited for); without it, the editor's own start. Must keep its identity between renders.
   */
  start?: (firstPreset: CouponPreset | undefined) => EmailDoc;
}

/**
 * The content step's e-mail: the saved one until the first edit, then the user's; checked
 * against the contract before it is saved, with the coupon preset it was filled from.
 */
export function useContentDraft({ ready, content, couponId, start }: Source) {
  // Asked again when the tab comes back into view: the editor's coupon picker sends the user to
  // /store/brand-assets in another tab to add presets.
  const presets = useCouponPresets({ refreshOnFocus: true });
  const [edited, setDoc] = useState<EmailDoc | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  // Until the first edit, the document is the saved draft once it has loaded (a reload lands
  // here with ?id=); from then on it is the user's.
  const settled = !presets.isPending;
  const saved = useMemo(() => {
    if (!ready || (start && !settled)) return null;
    return content || !start ? ensureFooter(content) : start(presets.data?.[0]);
  }, [ready, content, start, settled, presets.data]);
  const doc = edited ?? saved;

  // The preset the coupon block was filled from becomes the send's coupon; until the presets
  // have loaded, the saved choice stays as it was.
  const couponIdOf = (d: EmailDoc) => (presets.data ? strategyCouponId(d, presets.data) : (couponId ?? null));

  /** The step's changes, or null (with the first problem shown, its block selected). */
  const collect = () => {
    if (!doc) return null;
    const check = emailDocSchema.safeParse(doc);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      const index = issue.path[1];
      if (typeof index === 'number') setSelected(doc.blocks[index]?.id ?? null);
      toastError(issueText(issue));
      return null;
    }
    return { content: check.data, coupon_id: couponIdOf(check.data) };
  };

  return {
    doc, setDoc, collect, couponIdOf,
    /** The block editor's props but the document. */
    editor: { onChange: setDoc, selected, onSelect: setSelected, couponPresets: { list: presets.data, loading: presets.isPending } },
  };
}
