import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { SunsetSlot } from '../sunset/sunset-slot.tsx';

/** Pages that bring their own frame (sign-in, sign-up, not found). */
export function StandaloneLayout() {
  return (
    <>
      <SunsetSlot />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
