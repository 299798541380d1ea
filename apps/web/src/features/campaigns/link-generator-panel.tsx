import { LinkOutlined } from '@ant-design/icons';
import { CAMPAIGN_LINK_LIMITS, type CampaignLink, campaignLinkBody, type CampaignLinkBody, parseHomepage } from '@storecast/contract';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { CampaignLinkList } from './campaign-link-list.tsx';
import { CampaignLinkResult } from './campaign-link-result.tsx';
import { useCampaignChoices, useCampaignLinkMoves, useStoreHomepage } from './queries.ts';

const rules = campaignLinkBody.shape;

type FormValues = Omit<CampaignLinkBody, 'campaign_id'> & { campaign_id?: string };

/** The UTM fields in the order analytics tools list them; the last two are optional. */
const UTM = [
  { name: 'utm_source', label: 'utmSource', help: 'sourceHelp', required: true },
  { name: 'utm_medium', label: 'utmMedium', help: 'mediumHelp', required: true },
  { name: 'utm_campaign', label: 'utmCampaign', help: 'campaignHelp', required: true },
  { name: 'utm_term', label: 'utmTerm', help: 'termHelp', required: false },
  { name: 'utm_content', label: 'utmContent', help: 'contentHelp', required: false },
] as const;

/**
 * The toolbox's link generator: a page of the store's shop with UTM parameters, saved with a
 * short tracked link and its QR code, and the store's saved links below. Only the server knows
 * every domain of the store, so a page of another host is refused by its answer, on the field.
 */
export function LinkGeneratorPanel() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [saved, setSaved] = useState<CampaignLink | null>(null);
  const homepage = useStoreHomepage();
  const choices = useCampaignChoices();
  const { create } = useCampaignLinkMoves();
  const host = homepage.data ? parseHomepage(homepage.data)?.host : undefined;

  const submit = (v: FormValues) => create.mutate({ ...v, campaign_id: v.campaign_id ?? null }, {
    onSuccess: (link) => {
      setSaved(link);
      toastSuccess(t('campaigns.links.created'));
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  // A campaign chosen while the campaign parameter is empty names it, as most owners would.
  const chooseCampaign = (id: string | undefined) => {
    const name = choices.data?.find((c) => c.id === id)?.name;
    if (name && !form.getFieldValue('utm_campaign')) form.setFieldValue('utm_campaign', name);
  };

  return (
    <Flex vertical gap={16} data-testid="link-generator">
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>{t('campaigns.links.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('campaigns.links.intro')}</Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card size="small">
            <Form<FormValues>
              form={form}
              layout="vertical"
              onFinish={submit}
              initialValues={{ utm_source: 'storecast', utm_medium: 'social', utm_campaign: '', utm_term: '', utm_content: '' }}
              data-testid="link-form"
            >
              <Form.Item
                name="destination"
                label={t('campaigns.links.destination')}
                extra={host ? t('campaigns.links.destinationHint', { host }) : undefined}
                rules={[zodRule(rules.destination)]}
                required
              >
                <Input
                  prefix={<LinkOutlined />}
                  placeholder={homepage.data ? `${homepage.data}/…` : 'https://'}
                  maxLength={CAMPAIGN_LINK_LIMITS.urlMax}
                  inputMode="url"
                  data-testid="link-destination"
                />
              </Form.Item>
              <Row gutter={12}>
                {UTM.map((f) => (
                  <Col xs={24} sm={12} key={f.name}>
                    <Form.Item
                      name={f.name}
                      label={t(`campaigns.links.${f.label}`)}
                      tooltip={t(`campaigns.links.${f.help}`)}
                      rules={[zodRule(rules[f.name])]}
                      required={f.required}
                    >
                      <Input maxLength={CAMPAIGN_LINK_LIMITS.utmMax} placeholder={f.required ? undefined : t('campaigns.links.optional')} data-testid={`link-${f.name}`} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} sm={12}>
                  <Form.Item name="campaign_id" label={t('campaigns.links.campaign')}>
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={choices.isPending}
                      placeholder={t('campaigns.links.campaignNone')}
                      options={choices.data?.map((c) => ({ value: c.id, label: c.name }))}
                      onChange={chooseCampaign}
                      data-testid="link-campaign"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="link-generate">{t('campaigns.links.generate')}</Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          {saved ? <CampaignLinkResult link={saved} /> : (
            <Card size="small"><Typography.Text type="secondary">{t('campaigns.links.resultEmpty')}</Typography.Text></Card>
          )}
        </Col>
      </Row>
      <CampaignLinkList />
    </Flex>
  );
}
