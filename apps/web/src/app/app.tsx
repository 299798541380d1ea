import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '../shared/api/client.ts';
import '../shared/i18n/i18n.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(() => {
    const r = createAppRouter();
    // A 102 from any call sends the user to sign-in without reloading the app.
    setNavigator((to) => void r.navigate(to, { replace: true }));
    return r;
  });
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
