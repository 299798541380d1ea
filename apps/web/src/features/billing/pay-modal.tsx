import type { PaymentResult } from '@storecast/contract';
import { Alert, Checkbox, Descriptions, Modal, Space, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedCard } from './page-queries.ts';
import { SavedCardLine } from './saved-card-line.tsx';
import { usePay } from './use-pay.ts';

interface PayModalProps {
  open: boolean;
  title: string;
  /** What is bought and what it costs, shown before paying. */
  items: DescriptionsProps['items'];
  /** Offer auto-renewal (packs and new memberships; an upgrade keeps the current setting). */
  renewable?: boolean;
  /** Pay is held back until this is true (an upgrade's quote still loading). */
  ready?: boolean;
  start: (autoRenew: boolean) => Promise<PaymentResult>;
  onClose: () => void;
}

/**
 * Confirms a payment: what, how much and which card, then pays through usePay (3-D Secure and
 * waiting for the settled state included). A failure stays in the dialog with its reason.
 */
export function PayModal({ open, title, items, renewable = false, ready = true, start, onClose }: PayModalProps) {
  const { t } = useTranslation();
  const card = useSavedCard(open);
  const { pay, paying, waiting } = usePay();
  const [autoRenew, setAutoRenew] = useState(false);
  const [error, setError] = useState('');

  const usable = !!card.data && !card.data.expired;
  const close = () => {
    setError('');
    setAutoRenew(false);
    onClose();
  };
  const onOk = async () => {
    setError('');
    const outcome = await pay(() => start(autoRenew));
    if (outcome.status === 'succeeded') close();
    else setError(outcome.message);
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={paying ? undefined : close}
      closable={!paying}
      maskClosable={!paying}
      okText={t('billingPages.pay.confirm')}
      onOk={() => void onOk()}
      confirmLoading={paying}
      cancelButtonProps={{ disabled: paying }}
      okButtonProps={{ disabled: !usable || !ready, 'data-testid': 'pay-confirm' } as { disabled: boolean }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="pay-modal">
        <Descriptions size="small" column={1} bordered items={items} />
        <div>
          <div style={{ marginBottom: 4 }}>{t('billingPages.pay.savedCard')}</div>
          <SavedCardLine card={card.data} />
        </div>
        {renewable && (
          <Checkbox checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} data-testid="pay-auto-renew">
            {t('billingPages.pay.autoRenew')}
          </Checkbox>
        )}
        {waiting && <Alert type="info" showIcon title={t('billingPages.pay.waiting')} data-testid="pay-waiting" />}
        {error && <Alert type="error" showIcon title={error} data-testid="pay-error" />}
      </Space>
    </Modal>
  );
}
