import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@storecast/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { getLanguage, switchLanguage } from './language.ts';
import type { TranslationKey } from './translation-key.ts';

/** Each language is named in itself, so a user who cannot read the current one finds theirs. */
const LANGUAGE_KEYS: Record<Locale, TranslationKey> = { 'zh-CN': 'common.language.zhCN', 'en-US': 'common.language.enUS' };

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LOCALES.map((lng) => ({
          key: lng,
          label: <span data-testid={`lang-option-${lng}`}>{t(LANGUAGE_KEYS[lng])}</span>,
        })),
        onClick: ({ key }) => switchLanguage(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} data-testid="lang-switcher" aria-label={t('common.language.label')}>
        {t(LANGUAGE_KEYS[current])}
      </Button>
    </Dropdown>
  );
}
