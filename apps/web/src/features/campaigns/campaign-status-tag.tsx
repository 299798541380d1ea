import type { CampaignStatus } from '@storecast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<CampaignStatus, string> = { draft: 'default', enabled: 'success', archived: 'warning', closed: 'error' };

/** The campaign states of SPEC section 4 (a campaign saved but never enabled is a draft). */
export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]} data-testid="campaign-status" data-status={status}>{t(`campaigns.status.${status}`)}</Tag>;
}
