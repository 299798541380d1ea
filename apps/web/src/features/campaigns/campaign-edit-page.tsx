import {
  brandRoutes, CAMPAIGN_TYPES, type CampaignType, DRAW_IDENTITIES, DRAW_PERIODS, FORMS_OF_TYPE, GIFT_MODES,
} from '@storecast/contract';
import { Alert, Button, Card, ColorPicker, DatePicker, Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { uploadFile } from '../../shared/api/files.ts';
import { toastError, toastSuccess, toastWarning } from '../../shared/api/toast.ts';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { ImageUploadButton, useCouponPresets } from '../brand/index.ts';
import { type CampaignFormValues, defaultValues, fromCampaign, tierFields, toCampaignBody, valuesForType } from './campaign-form-values.ts';
import { campaignProblems, campaignRule, type FieldPath, markServerFields } from './campaign-rules.ts';
import { PrizesField } from './prizes-field.tsx';
import { PromotersCard } from './promoters-card.tsx';
import { useCampaignDetail, useSaveCampaign } from './queries.ts';
import { useSaveModeQuestion } from './save-mode-modal.tsx';
import { TiersField } from './tiers-field.tsx';

/** ISO strings in the form's values, dayjs in the picker. */
const asDate = (iso: string | null | undefined) => ({ value: iso ? dayjs(iso) : null });
const toIso = (d: Dayjs | null) => (d ? d.second(0).millisecond(0).toISOString() : null);
const asHex = (c: Color) => c.toHexString();

/**
 * /custom/strategy-edit: creates a campaign (no id) or changes the one `?id=` names. Every field
 * is judged by the contract's save schema, so the sentence under a field is the server's. Saving
 * an enabled campaign asks first: update it where it runs, save the changes as a new draft, or
 * cancel (SPEC 4). Below the campaign, what promotes it (`PromotersCard`).
 */
export function CampaignEditPage() {
  const { t } = useTranslation();
  const e = (key: KeyUnder<'campaigns.edit'>) => t(`campaigns.edit.${key}`);
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id');
  const detail = useCampaignDetail(id);
  const presets = useCouponPresets();
  const save = useSaveCampaign();
  const saveMode = useSaveModeQuestion();
  const [form] = Form.useForm<CampaignFormValues>();
  const type = Form.useWatch('type', form) ?? 'discount';
  const chosenForm = Form.useWatch('form', form) ?? 'percent';
  const rule = (path: FieldPath) => campaignRule(form, path);

  useEffect(() => {
    if (detail.data) form.setFieldsValue(fromCampaign(detail.data));
  }, [detail.data, form]);

  if (id && detail.isPending) return <PageLoading />;
  if (id && !detail.data) return <Alert type="error" showIcon title={t('campaigns.loadFailed')} data-testid="campaign-missing" />;
  const status = detail.data?.status;
  const locked = status === 'archived' || status === 'closed';

  const submit = async () => {
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as CampaignFormValues;
    // A rule on a field this type does not show (none should remain) still stops the save, said once.
    const [left] = campaignProblems(values).values();
    if (left) return toastError(left);
    const mode = status === 'enabled' ? await saveMode.ask() : undefined;
    if (mode === null) return;
    try {
      const saved = await save.mutateAsync({ id: id ?? undefined, mode, campaign: toCampaignBody(values) });
      const [warning] = saved.warnings;
      if (warning) toastWarning(warning.message);
      else toastSuccess(e(mode === 'save_as_new' ? 'savedAsNew' : 'saved'));
      await navigate('/custom');
    } catch (err) {
      // The client has said why; a refused field is marked where it is.
      if (isApiError(err)) markServerFields(form, err.fields);
    }
  };

  // The banner goes into the content library, and its link into the field.
  const uploadBanner = async (file: File) => {
    const image = await uploadFile(brandRoutes.uploadImage, file);
    form.setFieldValue('banner_url', image.url);
    await form.validateFields(['banner_url']);
  };

  const onValuesChange = (changed: Partial<CampaignFormValues>, all: CampaignFormValues) => {
    if (changed.type) form.setFieldsValue(valuesForType(changed.type, all));
  };
  const radios = <T extends string>(values: readonly T[], label: (v: T) => string) =>
    values.map((v) => ({ value: v, label: <span data-testid={`option-${v}`}>{label(v)}</span> }));

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1000 }}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="campaign-edit-title">
        {detail.data?.name || e('newTitle')}
      </Typography.Title>
      {locked && <Alert type="warning" showIcon title={e('notEditable')} data-testid="campaign-locked" />}
      <Form<CampaignFormValues>
        form={form}
        layout="vertical"
        initialValues={defaultValues()}
        onValuesChange={onValuesChange}
        disabled={locked}
      >
        <Flex vertical gap={16}>
          <Card size="small" title={e('basics')}>
            <Form.Item name="name" label={e('name')} rules={rule(['name'])}>
              <Input data-testid="campaign-name" />
            </Form.Item>
            <Form.Item name="type" label={e('type')}>
              <Radio.Group
                optionType="button"
                options={radios<CampaignType>(CAMPAIGN_TYPES, (v) => t(`campaigns.types.${v}`))}
                data-testid="campaign-type"
              />
            </Form.Item>
            {FORMS_OF_TYPE[type].length > 1 && (
              <Form.Item name="form" label={e('form')} rules={rule(['form'])}>
                <Radio.Group optionType="button" options={radios(FORMS_OF_TYPE[type], (v) => t(`campaigns.forms.${v}`))} data-testid="campaign-form" />
              </Form.Item>
            )}
            {type === 'full_gift' && (
              <Form.Item name="gift_mode" label={e('giftMode')} rules={rule(['gift_mode'])}>
                <Radio.Group options={radios(GIFT_MODES, (v) => t(`campaigns.edit.giftModes.${v}`))} data-testid="campaign-gift-mode" />
              </Form.Item>
            )}
          </Card>

          {type !== 'lucky_draw' && <TiersField fields={tierFields(type, chosenForm)} rule={rule} />}

          <Card size="small" title={e('window')}>
            <Flex gap={16} wrap>
              <Form.Item name="starts_at" label={e('startsAt')} rules={rule(['starts_at'])} getValueProps={asDate} normalize={toIso}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={e('noLimit')} data-testid="campaign-starts" />
              </Form.Item>
              <Form.Item
                name="ends_at"
                label={e('endsAt')}
                rules={rule(['ends_at'])}
                dependencies={['starts_at']}
                getValueProps={asDate}
                normalize={toIso}
              >
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={e('noLimit')} data-testid="campaign-ends" />
              </Form.Item>
            </Flex>
          </Card>

          {type === 'lucky_draw' ? (
            <Card size="small" title={e('draw')}>
              <Flex gap={24} wrap>
                <Form.Item name={['draw', 'identity']} label={e('identity')}>
                  <Radio.Group options={radios(DRAW_IDENTITIES, (v) => t(`campaigns.edit.identities.${v}`))} data-testid="draw-identity" />
                </Form.Item>
                <Form.Item name={['draw', 'period']} label={e('period')}>
                  <Radio.Group options={radios(DRAW_PERIODS, (v) => t(`campaigns.edit.periods.${v}`))} data-testid="draw-period" />
                </Form.Item>
              </Flex>
              <PrizesField rule={rule} presets={presets.data} />
            </Card>
          ) : (
            <Card size="small" title={e('coupon')}>
              <Flex gap={24} wrap align="end">
                <Form.Item name="coupon_preset_id" label={e('couponPreset')} rules={rule(['coupon_preset_id'])} normalize={(v: string | undefined) => v ?? null}>
                  <Select
                    allowClear
                    style={{ width: 240 }}
                    placeholder={e('couponNone')}
                    loading={presets.isPending}
                    options={(presets.data ?? []).map((c) => ({ value: c.id, label: `${c.code} (${c.discount}%)` }))}
                    data-testid="campaign-coupon"
                  />
                </Form.Item>
                <Form.Item name="unique_codes" valuePropName="checked" label={e('uniqueCodes')}>
                  <Switch data-testid="campaign-unique-codes" />
                </Form.Item>
              </Flex>
            </Card>
          )}

          <Card size="small" title={e('look')}>
            <Flex gap={8} align="start" wrap>
              <Form.Item name="banner_url" label={e('bannerUrl')} rules={rule(['banner_url'])} style={{ flex: 1, minWidth: 240 }}>
                <Input placeholder="https://" data-testid="campaign-banner" />
              </Form.Item>
              {!locked && (
                <Form.Item label=" " colon={false}>
                  <ImageUploadButton label={e('bannerUpload')} upload={uploadBanner} testId="campaign-banner-upload" />
                </Form.Item>
              )}
            </Flex>
            <Form.Item name="collection_url" label={e('collectionUrl')} rules={rule(['collection_url'])}>
              <Input placeholder="https://" data-testid="campaign-collection" />
            </Form.Item>
            <Flex gap={24} wrap>
              <Form.Item name="theme_color" label={e('themeColor')} rules={rule(['theme_color'])} getValueFromEvent={asHex}>
                <ColorPicker disabledAlpha showText data-testid="campaign-theme-color" />
              </Form.Item>
              <Form.Item name="font_color" label={e('fontColor')} rules={rule(['font_color'])} getValueFromEvent={asHex}>
                <ColorPicker disabledAlpha showText data-testid="campaign-font-color" />
              </Form.Item>
            </Flex>
          </Card>
        </Flex>
      </Form>
      <Flex justify="end">
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={locked} data-testid="campaign-save">
          {e('save')}
        </Button>
      </Flex>
      {/* The second half: what promotes the campaign, saved on its own; a closed campaign promotes nothing. */}
      {id && status !== 'closed' && <PromotersCard campaignId={id} />}
      {!id && (
        <Card size="small" title={t('campaigns.promoters.title')}>
          <Typography.Text type="secondary" data-testid="campaign-promoters-later">{t('campaigns.promoters.newFirst')}</Typography.Text>
        </Card>
      )}
      {saveMode.element}
    </Flex>
  );
}
