import { UserAddOutlined } from '@ant-design/icons';
import { PERSONAL_FIELDS, type PersonalField } from '@storecast/contract';
import { Button, Flex, Input, Popover, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldToken } from '../block-model.ts';

/** A menu that inserts a personalisation field with its fallback, e.g. `{{first_name|there}}`. */
export function FieldInsert({ onInsert, testId }: { onInsert: (token: string) => void; testId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [field, setField] = useState<PersonalField>('first_name');
  const [fallback, setFallback] = useState('');
  const insert = () => {
    onInsert(fieldToken(field, fallback));
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={(
        <Flex vertical gap={8} style={{ width: 240 }} data-testid={`${testId}-menu`}>
          <Select
            value={field}
            onChange={setField}
            options={PERSONAL_FIELDS.map((f) => ({ value: f, label: t(`emailEditor.fields.${f}`) }))}
            data-testid={`${testId}-field`}
          />
          <Input
            value={fallback}
            onChange={(e) => setFallback(e.target.value)}
            placeholder={t('emailEditor.fields.fallback')}
            onPressEnter={insert}
            data-testid={`${testId}-fallback`}
          />
          <Button type="primary" onClick={insert} data-testid={`${testId}-insert`}>{t('emailEditor.fields.insert')}</Button>
        </Flex>
      )}
    >
      <Button icon={<UserAddOutlined />} title={t('emailEditor.fields.insertField')} aria-label={t('emailEditor.fields.insertField')} data-testid={testId} />
    </Popover>
  );
}
