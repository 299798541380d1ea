import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/content.ts';

/** E-mail content and e-mail style, shared by the editor and the renderer. */
export const contentErrors: Messages<typeof zh.contentErrors> = {
  content: {
    colour: 'Enter a colour such as #1677ff.',
    link: 'Enter a full link starting with http:// or https://.',
    buttonText: 'Enter the button text.',
    noProducts: 'Add at least one product.',
    empty: 'The e-mail has no content.',
    footer: 'The e-mail needs exactly one footer with the unsubscribe link.',
    font: 'Choose a font from the list.',
    tooLarge: 'The e-mail is {{size}} KB; Gmail clips messages over 102 KB. Please shorten it.',
    invalid: 'The e-mail content is not valid, please check the marked block.',
    productMissing: 'Product {{id}} is not in the catalogue; choose it again.',
    matchedProductOutsideElement: "The shopper's product block works only in an Element Send.",
    unknownField: 'A personalisation field is not recognised and will be sent as written; use first_name, last_name, email, phone or store_name.',
  },
  style: {
    invalid: 'The e-mail style is not valid, please check it in E-mail style.',
    socialType: 'Choose the type of the social link.',
    socialRepeat: 'Each social type can be added only once.',
    logoRequired: 'Please upload the logo.',
  },
  coupon: {
    codeRequired: 'Enter the coupon code.',
  },
};

/** Advice on an uploaded logo: the upload succeeded, so these are not errors. */
export const contentNotices: Messages<typeof zh.contentNotices> = {
  style: {
    logoRatio: 'The logo is {{width}} x {{height}}; a 4:1 logo (for example 600 x 150) looks best.',
    logoFormat: 'A JPG logo is recommended; it is smaller and shows everywhere.',
    logoSize: 'The logo is {{size}} KB; under 200 KB is recommended so e-mails load fast.',
  },
};
