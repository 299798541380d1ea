import { emailStyleSchema, saveEmailStyleBody } from '@storecast/contract';

/** Field schemas of the e-mail style, taken from the contract so form and server agree. */
const social = emailStyleSchema.shape.social_links.unwrap().element.shape;
export const styleFieldRules = {
  logo: saveEmailStyleBody.shape.logo_url,
  colour: emailStyleSchema.shape.content_color.unwrap(),
  socialType: social.type,
  socialUrl: social.url,
};

/** The message key when two social links share a type, else null. */
export function repeatedSocialType(links: ({ type?: string } | undefined)[] | undefined): string | null {
  const types = (links ?? []).map((l) => l?.type).filter(Boolean);
  return new Set(types).size === types.length ? null : 'errors.style.socialRepeat';
}
