import { Alert } from 'antd';
import { Trans } from 'react-i18next';
import type { AppConfig } from '@storecast/contract';

/**
 * The old-version notice: a banner linking to the new version. Loaded only while a sunset is
 * configured (see sunset-slot.tsx), so the usual first load carries neither Alert nor Trans.
 */
export function SunsetBanner({ sunset }: { sunset: NonNullable<AppConfig['sunset']> }) {
  return (
    <Alert
      banner
      type="warning"
      data-testid="sunset-banner"
      title={
        <Trans
          i18nKey="sunset.banner"
          values={{ date: sunset.date }}
          components={{ link: <a href={sunset.url} data-testid="sunset-link" /> }}
        />
      }
    />
  );
}
