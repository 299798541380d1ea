import { automationRoutes, campaignRoutes, FLOW_KINDS, type FlowKind, strategyRoutes } from '@storecast/contract';
import { Alert, Button, Card, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

/** A choice in the one picker: `strategy:<id>` or `flow:<id>`. */
type Choice = `${'strategy' | 'flow'}:${string}`;

/** The newest Segment Sends offered; the store's older ones are rarely what a new campaign needs. */
const SENDS_OFFERED = 100;

const isFlowKind = (k: string): k is FlowKind => (FLOW_KINDS as readonly string[]).includes(k);

/**
 * The editor's second half (strategy-edit): the Segment Sends and Smart Send flows that promote
 * this campaign, in one picker grouped by kind, saved on their own (they are links to other
 * things, not the campaign's fields, and saving them never asks "update or save as new"). What is
 * chosen is what closing or deleting the campaign later says it affects.
 */
export function PromotersCard({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const usage = useApiQuery(campaignRoutes.usage, { query: { id: campaignId } });
  const sends = useApiQuery(strategyRoutes.list, { query: { kind: 'segment', page: 1, page_size: SENDS_OFFERED } });
  const flows = useApiQuery(automationRoutes.flows);
  const save = useApiMutation(campaignRoutes.promoters, { invalidates: [campaignRoutes.usage] });
  // The owner's choice since the page opened; until then, what the server says promotes it.
  const [edited, setEdited] = useState<Choice[] | null>(null);
  const chosen = edited ?? (usage.data ?? []).map((u) => `${u.kind}:${u.id}` as Choice);

  const flowName = (kind: string) => (isFlowKind(kind) ? t(`campaigns.confirm.flowKinds.${kind}`) : kind);
  const submit = async () => {
    const ids = (kind: 'strategy' | 'flow') => chosen.filter((c) => c.startsWith(`${kind}:`)).map((c) => c.slice(kind.length + 1));
    await save.mutateAsync({ id: campaignId, strategies: ids('strategy'), flows: ids('flow') });
    setEdited(null);
    toastSuccess(t('campaigns.promoters.saved'));
  };

  const failed = (usage.isError && !usage.data) || (sends.isError && flows.isError);
  return (
    <Card size="small" title={t('campaigns.promoters.title')} data-testid="campaign-promoters">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('campaigns.promoters.intro')}</Typography.Text>
        {failed ? <Alert type="error" showIcon title={t('campaigns.promoters.loadFailed')} /> : (
          <Flex gap={8} wrap align="start">
            <Select<Choice[]>
              mode="multiple"
              allowClear
              value={chosen}
              onChange={setEdited}
              loading={usage.isPending || sends.isPending || flows.isPending}
              placeholder={t('campaigns.promoters.placeholder')}
              aria-label={t('campaigns.promoters.title')}
              optionFilterProp="label"
              style={{ flex: 1, minWidth: 240 }}
              options={[
                { label: t('campaigns.promoters.sends'), options: (sends.data?.items ?? []).map((s) => ({ value: `strategy:${s.id}`, label: s.name })) },
                { label: t('campaigns.promoters.flows'), options: (flows.data?.flows ?? []).map((f) => ({ value: `flow:${f.id}`, label: flowName(f.kind) })) },
              ]}
              data-testid="campaign-promoters-picker"
            />
            <Button onClick={() => void submit().catch(() => undefined)} loading={save.isPending} disabled={usage.isPending} data-testid="campaign-promoters-save">
              {t('campaigns.promoters.save')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
