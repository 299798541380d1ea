import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage } from './language.ts';

// Strings arrive with `loadLanguage` (load-language.ts) before the app renders; only the
// language in use is downloaded.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: getLanguage(),
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
