import type { StrategyStatus } from '@storecast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<StrategyStatus, string> = {
  draft: 'default', pending: 'gold', sending: 'processing', completed: 'success', terminated: 'warning', exception: 'error',
};

/** The strategy states of SPEC section 4, named as SPEC names them. */
export function StatusTag({ status }: { status: StrategyStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]} data-testid="send-status" data-status={status}>{t(`segmentSend.status.${status}`)}</Tag>;
}
