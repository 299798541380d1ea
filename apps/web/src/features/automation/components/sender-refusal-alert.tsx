import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown after a switch was refused for the sender: the way to verify it. */
export function SenderRefusalAlert({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose }}
      data-testid="automation-sender-refusal"
      title={t('automation.refusal.sender')}
      action={<Link to="/store/sender-info" data-testid="automation-sender-link">{t('automation.refusal.senderLink')}</Link>}
    />
  );
}
