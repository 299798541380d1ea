import type { CAMPAIGN_SAVE_MODES } from '@storecast/contract';
import { Button, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SaveMode = (typeof CAMPAIGN_SAVE_MODES)[number];

/**
 * SPEC 4: changing an enabled campaign offers "update the current one", "save as new" or
 * "cancel". `ask()` opens the question and resolves with the choice, or null for cancel.
 */
export function useSaveModeQuestion() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const answer = useRef<((mode: SaveMode | null) => void) | null>(null);

  const ask = () => new Promise<SaveMode | null>((resolve) => {
    answer.current = resolve;
    setOpen(true);
  });
  const choose = (mode: SaveMode | null) => {
    setOpen(false);
    answer.current?.(mode);
    answer.current = null;
  };

  const element = (
    <Modal
      open={open}
      title={t('campaigns.saveMode.title')}
      onCancel={() => choose(null)}
      footer={[
        <Button key="cancel" onClick={() => choose(null)} data-testid="save-mode-cancel">{t('campaigns.saveMode.cancel')}</Button>,
        <Button key="new" onClick={() => choose('save_as_new')} data-testid="save-mode-new">{t('campaigns.saveMode.saveAsNew')}</Button>,
        <Button key="update" type="primary" onClick={() => choose('update')} data-testid="save-mode-update">{t('campaigns.saveMode.update')}</Button>,
      ]}
    >
      <Typography.Paragraph data-testid="save-mode-body">{t('campaigns.saveMode.body')}</Typography.Paragraph>
    </Modal>
  );
  return { ask, element };
}
