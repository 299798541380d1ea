/**
 * Messages of the store's brand assets: uploads, coupon presets, the content library and sales
 * attribution. E-mail style messages live with the content messages (`style` group), which the
 * renderer shares.
 */
export const brandMessages = {
  en: {
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
      discountHint: 'We suggest a discount of at most 30%.',
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
  },
  zh: {
    upload: {
      imageType: '仅支持上传 jpg、jpeg、gif 或 png 图片。',
      imageSize: '上传文件大小应小于 2M。',
      empty: '文件为空。',
      notFound: '图片不存在。',
    },
    preset: {
      codeRequired: '请输入优惠码。',
      codeTooLong: '优惠码最多 40 个字符。',
      discountRequired: '请输入折扣。',
      discountRange: '折扣必须在 0 到 100 之间。',
      discountHint: '建议折扣不超过 30%。',
      descriptionTooLong: '描述最多 200 个字符。',
      codeTaken: '该优惠码已存在。',
      notFound: '优惠券不存在。',
    },
    library: {
      titleRequired: '请输入标题。',
      titleTooLong: '标题最多 200 个字符。',
      nameRequired: '请输入模板名称。',
      nameTooLong: '名称最多 50 个字符。',
      notFound: '素材不存在。',
    },
    attribution: {
      windowDays: '归因窗口为 1 到 90 天。',
      trigger: '请选择打开或点击。',
    },
  },
} as const;
