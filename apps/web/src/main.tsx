import './shared/security/apply-page-policy.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { getLanguage } from './shared/i18n/language.ts';
import { loadLanguage } from './shared/i18n/load-language.ts';

const language = getLanguage();
document.documentElement.lang = language;

void loadLanguage(language).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
