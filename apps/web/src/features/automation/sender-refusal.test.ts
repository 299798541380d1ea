import { translateError } from '@storecast/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { isSenderRefusal } from './sender-refusal.ts';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe.each(['zh-CN', 'en-US'] as const)('a refused switch in %s', (lang) => {
  it('is about the sender for the e-mail and the domain sentences the server answers with', async () => {
    await i18n.changeLanguage(lang);
    for (const key of ['errors.automation.senderEmailNotVerified', 'errors.automation.senderDomainNotVerified']) {
      expect(isSenderRefusal(new ApiError(101, translateError(lang, key)), i18n.t)).toBe(true);
    }
  });

  it('is not about the sender for a volume refusal or a network failure', async () => {
    await i18n.changeLanguage(lang);
    expect(isSenderRefusal(new ApiError(101, translateError(lang, 'errors.volume.noPack')), i18n.t)).toBe(false);
    expect(isSenderRefusal(new Error(translateError(lang, 'errors.automation.senderEmailNotVerified')), i18n.t)).toBe(false);
  });
});
