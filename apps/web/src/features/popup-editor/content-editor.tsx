import {
  POPUP_FIELDS, POPUP_IMAGE_POSITIONS, POPUP_LAYOUTS, POPUP_LIMITS, SHOPPER_LANGUAGES, type CouponPreset,
} from '@storecast/contract';
import { Card, ColorPicker, Flex, Form, Input, InputNumber, Radio, Select, Tabs, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';
import { schemaRule, type FieldPath } from './schema-rule.ts';

interface Props {
  /** The schema of the whole form the editor sits in; field messages come from it. */
  schema: z.ZodType;
  /** Where the content lives in the form's values, e.g. ['content']. */
  prefix: FieldPath;
  presets: readonly CouponPreset[] | undefined;
}

const COLOURS = [['background', 'background'], ['text', 'text'], ['accent', 'accent'], ['button_text', 'buttonText']] as const;
const TEXT_FIELDS = [
  ['title', 'title', POPUP_LIMITS.titleMax, false],
  ['body', 'body', POPUP_LIMITS.bodyMax, true],
  ['email_placeholder', 'emailPlaceholder', POPUP_LIMITS.placeholderMax, false],
  ['phone_placeholder', 'phonePlaceholder', POPUP_LIMITS.placeholderMax, false],
  ['button', 'button', POPUP_LIMITS.buttonMax, false],
  ['consent', 'consent', POPUP_LIMITS.consentMax, true],
  ['success_title', 'successTitle', POPUP_LIMITS.successMax, false],
  ['success_body', 'successBody', POPUP_LIMITS.successMax, true],
  ['coupon_note', 'couponNote', POPUP_LIMITS.successMax, false],
] as const;

/**
 * What a pop-up shows: layout, fields, image, colours, corner radius, the coupon revealed after a
 * sign-up, and the texts in both shopper languages. It renders fields of the caller's antd Form
 * (which holds the values and draws the preview from them); every message comes from `schema`.
 */
export function PopupContentEditor({ schema, prefix, presets }: Props) {
  const { t, i18n } = useTranslation();
  const c = (key: KeyUnder<'popup.content'>) => t(`popup.content.${key}`);
  const at = (...path: (string | number)[]) => [...prefix, ...path];
  const item = (path: (string | number)[]) => ({ name: at(...path), rules: [schemaRule(schema, at(...path))] });

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={c('design')}>
        <Form.Item {...item(['layout'])} label={c('layout')}>
          <Radio.Group
            optionType="button"
            options={POPUP_LAYOUTS.map((v) => ({ value: v, label: <span data-testid={`content-layout-${v}`}>{t(`popup.content.layouts.${v}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item {...item(['fields'])} label={c('fields')}>
          <Radio.Group
            options={POPUP_FIELDS.map((v) => ({ value: v, label: <span data-testid={`content-fields-${v}`}>{t(`popup.targets.${v}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item {...item(['image_url'])} label={c('image')} extra={c('imageHint')}>
          <Input placeholder="https://" data-testid="content-image-url" />
        </Form.Item>
        <Form.Item {...item(['image_position'])} label={c('imagePosition')}>
          <Radio.Group
            optionType="button"
            options={POPUP_IMAGE_POSITIONS.map((v) => ({ value: v, label: t(`popup.content.imagePositions.${v}`) }))}
          />
        </Form.Item>
        <Typography.Text strong>{c('colors')}</Typography.Text>
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          {COLOURS.map(([name, label]) => (
            <Form.Item key={name} {...item(['colors', name])} label={c(label)} getValueFromEvent={(color: Color) => color.toHexString()}>
              <ColorPicker showText disabledAlpha format="hex" data-testid={`content-color-${name}`} />
            </Form.Item>
          ))}
          <Form.Item {...item(['radius'])} label={c('radius')}>
            <InputNumber min={0} max={POPUP_LIMITS.radiusMax} precision={0} suffix="px" data-testid="content-radius" />
          </Form.Item>
        </Flex>
        <Form.Item
          {...item(['coupon_preset_id'])}
          label={c('coupon')}
          normalize={(v: string | undefined) => v ?? null}
          extra={<Link to="/store/brand-assets" target="_blank" rel="noopener">{c('addCoupon')}</Link>}
        >
          <Select
            allowClear
            placeholder={c('noCoupon')}
            loading={!presets}
            data-testid="content-coupon"
            options={(presets ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.discount}% · ${p.description}` }))}
          />
        </Form.Item>
      </Card>
      <Card size="small" title={c('texts')}>
        <Typography.Paragraph type="secondary">{c('textsHint')}</Typography.Paragraph>
        <Tabs
          // The admin's own language first; the other tab is one click away.
          defaultActiveKey={i18n.language === 'en-US' ? 'en-US' : 'zh-CN'}
          items={SHOPPER_LANGUAGES.map((lang) => ({
            key: lang,
            // Both languages stay mounted, so a save checks the hidden tab's fields too.
            forceRender: true,
            label: <span data-testid={`content-lang-${lang}`}>{t(lang === 'zh-CN' ? 'common.language.zhCN' : 'common.language.enUS')}</span>,
            children: TEXT_FIELDS.map(([name, label, max, long]) => (
              <Form.Item key={name} {...item(['texts', lang, name])} label={c(label)}>
                {long
                  ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={max} data-testid={`content-${lang}-${name}`} />
                  : <Input showCount data-testid={`content-${lang}-${name}`} />}
              </Form.Item>
            )),
          }))}
        />
      </Card>
    </Flex>
  );
}
