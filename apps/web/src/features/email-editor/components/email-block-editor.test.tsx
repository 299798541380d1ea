import type { CouponPreset, EmailDoc } from '@storecast/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n/i18n.ts';
import { emptyDoc } from '../block-model.ts';
import { EmailBlockEditor } from './email-block-editor.tsx';
import { previewableDoc } from './email-preview.tsx';

const presets: CouponPreset[] = [{ id: 'p1', code: 'SPRING15', discount: 15, description: 'Spring sale', updated_at: '2025-03-01T00:00:00Z' }];

/** The editor as a feature holds it: the document and the selection live in the caller. */
function Host({ seen }: { seen: EmailDoc[] }) {
  const [doc, setDoc] = useState(emptyDoc);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <MemoryRouter>
      <EmailBlockEditor
        doc={doc}
        onChange={(next) => {
          seen.push(next);
          setDoc(next);
        }}
        selected={selected}
        onSelect={setSelected}
        couponPresets={{ list: presets, loading: false }}
      />
    </MemoryRouter>
  );
}

const types = () => screen.getAllByTestId(/^block-\d+$/).map((el) => el.dataset.type);

describe('the e-mail block editor', () => {
  it('adds blocks above the footer, selects the new one and removes it again', () => {
    const seen: EmailDoc[] = [];
    render(<Host seen={seen} />);
    expect(types()).toEqual(['footer']);
    fireEvent.click(screen.getByTestId('block-add-coupon'));
    expect(types()).toEqual(['coupon', 'footer']);
    // The new block is selected, so its fields show, with the presets the caller handed in.
    expect(screen.getByTestId('block-fields-coupon')).toBeInTheDocument();
    expect(screen.getByTestId('coupon-preset')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('block-add-text'));
    expect(types()).toEqual(['coupon', 'text', 'footer']);
    fireEvent.click(screen.getAllByTestId('block-remove')[0]!);
    expect(types()).toEqual(['text', 'footer']);
    expect(seen.map((d) => d.blocks.length)).toEqual([2, 3, 2]);
  });

  it('edits the selected block through the document it was given', () => {
    const seen: EmailDoc[] = [];
    render(<Host seen={seen} />);
    fireEvent.click(screen.getByTestId('block-add-button'));
    fireEvent.change(screen.getByTestId('block-text'), { target: { value: 'Buy' } });
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ type: 'button', text: 'Buy' });
  });

  it('sends only documents the contract accepts to the renderer', () => {
    const doc = emptyDoc();
    expect(previewableDoc(doc)).toBe(doc);
    expect(previewableDoc(null)).toBeNull();
    const broken: EmailDoc = { ...doc, blocks: [{ type: 'button', id: 'b', text: 'Go', href: 'not a link', align: 'center' }, ...doc.blocks] };
    expect(previewableDoc(broken)).toBeNull();
  });
});
