import { lazy, Suspense } from 'react';
import { useAppConfig } from '../../shared/session/queries.ts';

const SunsetBanner = lazy(async () => ({ default: (await import('./sunset-banner.tsx')).SunsetBanner }));

/** Where the old-version banner goes in a layout; empty unless a sunset is configured. */
export function SunsetSlot() {
  const sunset = useAppConfig().data?.sunset;
  if (!sunset) return null;
  return (
    <Suspense fallback={null}>
      <SunsetBanner sunset={sunset} />
    </Suspense>
  );
}
