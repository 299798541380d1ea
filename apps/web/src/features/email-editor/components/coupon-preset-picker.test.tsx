import type { CouponPreset } from '@storecast/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n/i18n.ts';
import { CouponPresetPicker, type CouponFields, matchingPreset } from './coupon-preset-picker.tsx';

const presets: CouponPreset[] = [
  { id: 'p1', code: 'SPRING15', discount: 15, description: 'Spring sale', updated_at: '2025-03-01T00:00:00Z' },
  { id: 'p2', code: 'VIP30', discount: 30, description: '', updated_at: '2025-02-01T00:00:00Z' },
];
const typed: CouponFields = { code: 'MINE', discount: 5, description: '' };

function show(list: CouponPreset[] | undefined, block: CouponFields, picked: CouponFields[] = []) {
  return render(
    <MemoryRouter>
      <CouponPresetPicker presets={list} loading={!list} block={block} onPick={(f) => picked.push(f)} />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('coupon preset picker', () => {
  it('says where to add presets when the store has none, in zh-CN and en-US', async () => {
    const view = show([], typed);
    expect(screen.getByTestId('coupon-preset-empty')).toHaveTextContent('店铺还没有优惠券预设');
    expect(screen.getByTestId('coupon-preset-manage')).toHaveAttribute('href', '/store/brand-assets');
    expect(screen.getByTestId('coupon-preset-manage')).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('coupon-preset')).toBeNull();
    await act(() => i18n.changeLanguage('en-US'));
    view.rerender(<MemoryRouter><CouponPresetPicker presets={[]} loading={false} block={typed} onPick={() => {}} /></MemoryRouter>);
    expect(screen.getByTestId('coupon-preset-empty')).toHaveTextContent('The store has no coupon presets yet');
    expect(screen.getByTestId('coupon-preset-manage')).toHaveTextContent('Manage coupon presets');
  });

  it('fills code, discount and description from the chosen preset', async () => {
    const picked: CouponFields[] = [];
    const view = show(presets, typed, picked);
    expect(screen.queryByTestId('coupon-preset-empty')).toBeNull();
    fireEvent.mouseDown(view.container.querySelector('.ant-select')!.querySelector('input, .ant-select-selector')!);
    const option = await waitFor(() => {
      const el = document.querySelector('.ant-select-item-option[title="SPRING15"]');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.click(option);
    expect(picked).toEqual([{ code: 'SPRING15', discount: 15, description: 'Spring sale' }]);
  });

  it('shows a preset as chosen only while the block still matches it in every field', () => {
    expect(matchingPreset(presets, { code: 'VIP30', discount: 30, description: '' })?.id).toBe('p2');
    expect(matchingPreset(presets, { code: 'VIP30', discount: 25, description: '' })).toBeUndefined();
    expect(matchingPreset(presets, typed)).toBeUndefined();
    const view = show(presets, { code: 'SPRING15', discount: 15, description: 'Spring sale' });
    expect(view.container.querySelector('.ant-select')).toHaveTextContent('SPRING15 · 15%');
  });
});
