import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/brand.ts';

/** Brand assets: uploads, coupon presets, the content library and sales attribution. */
export const brandErrors: Messages<typeof zh.brandErrors> = {
  upload: {
    imageType: 'Only jpg, jpeg, gif or png images can be uploaded.',
    imageSize: 'Upload file size should be less than 2M.',
    empty: 'The file is empty.',
    notFound: 'The image does not exist.',
  },
  preset: {
    codeRequired: 'Enter the coupon code.',
    codeTooLong: 'The coupon code is at most 40 characters.',
    discountRequired: 'Enter the discount.',
    discountRange: 'The discount must be between 0 and 100.',
    descriptionTooLong: 'The description is at most 200 characters.',
    codeTaken: 'This coupon code already exists.',
    notFound: 'The coupon does not exist.',
  },
  library: {
    titleRequired: 'Enter the title.',
    titleTooLong: 'The title is at most 200 characters.',
    nameRequired: 'Enter the template name.',
    nameTooLong: 'The name is at most 50 characters.',
    notFound: 'The library item does not exist.',
  },
  attribution: {
    windowDays: 'The attribution window is 1 to 90 days.',
    trigger: 'Choose open or click.',
  },
};

export const brandNotices: Messages<typeof zh.brandNotices> = {
  preset: {
    discountHint: 'We suggest a discount of at most 30%.',
  },
};
