/** Brand assets: uploads, coupon presets, the content library and sales attribution. */
export const brandErrors = {
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
};

export const brandNotices = {
  preset: {
    discountHint: '建议折扣不超过 30%。',
  },
};
