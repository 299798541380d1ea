import type { CouponPreset } from '@storecast/contract';
import { Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';

export type CouponFields = Pick<CouponPreset, 'code' | 'discount' | 'description'>;

/** The store's coupon presets as the caller has them: undefined while they load. */
export interface CouponPresetList {
  list: readonly CouponPreset[] | undefined;
  loading: boolean;
}

/** Where the store keeps its presets; opened in a new tab so the unsaved e-mail stays open here. */
export const PRESETS_PAGE = '/store/brand-assets';

/** The preset the block currently copies, if it still matches one in every field. */
export function matchingPreset(presets: readonly CouponPreset[], block: CouponFields): CouponPreset | undefined {
  return presets.find((p) => p.code === block.code && p.discount === block.discount && p.description === block.description);
}

/**
 * Fills the coupon block from one of the store's presets. The fields below stay editable, so a
 * preset is a shortcut, not a constraint; with no presets it says where to add them.
 */
export function CouponPresetPicker({ presets, loading, block, onPick }: {
  presets: readonly CouponPreset[] | undefined;
  loading: boolean;
  block: CouponFields;
  onPick: (fields: CouponFields) => void;
}) {
  const { t } = useTranslation();
  const f = (key: KeyUnder<'emailEditor.blockFields'>) => t(`emailEditor.blockFields.${key}`);
  const manage = (
    <Link to={PRESETS_PAGE} target="_blank" rel="noopener" data-testid="coupon-preset-manage">{f('presetManage')}</Link>
  );

  if (presets && presets.length === 0) {
    return (
      <Form.Item label={f('preset')} style={{ marginBottom: 12 }}>
        <Flex vertical gap={4} data-testid="coupon-preset-empty">
          <Typography.Text type="secondary">{f('presetEmpty')}</Typography.Text>
          {manage}
        </Flex>
      </Form.Item>
    );
  }

  const chosen = presets ? matchingPreset(presets, block) : undefined;
  return (
    <Form.Item label={f('preset')} extra={manage} style={{ marginBottom: 12 }}>
      <Select
        value={chosen?.id}
        loading={loading}
        placeholder={f('presetPlaceholder')}
        onChange={(id: string) => {
          const preset = presets?.find((p) => p.id === id);
          if (preset) onPick({ code: preset.code, discount: preset.discount, description: preset.description });
        }}
        options={(presets ?? []).map((p) => ({
          value: p.id,
          // The title is what the dropdown's option carries, so tests and screen readers find it by code.
          title: p.code,
          label: (
            <span>
              {p.code} · {p.discount}%
              {p.description && <Typography.Text type="secondary"> · {p.description}</Typography.Text>}
            </span>
          ),
        }))}
        data-testid="coupon-preset"
      />
    </Form.Item>
  );
}
