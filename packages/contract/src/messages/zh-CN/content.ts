/** E-mail content and e-mail style, shared by the editor and the renderer. */
export const contentErrors = {
  content: {
    colour: '请输入颜色，例如 #1677ff。',
    link: '请输入以 http:// 或 https:// 开头的完整链接。',
    buttonText: '请输入按钮文字。',
    noProducts: '请至少添加一个商品。',
    empty: '邮件没有内容。',
    footer: '邮件需要且只能有一个包含退订链接的页脚。',
    font: '请从列表中选择字体。',
    tooLarge: '邮件大小为 {{size}} KB，Gmail 会截断超过 102 KB 的邮件，请精简内容。',
    invalid: '邮件内容无效，请检查标出的内容块。',
    productMissing: '商品 {{id}} 不在商品目录中，请重新选择。',
    matchedProductOutsideElement: '“顾客的商品”内容块只能用于元素发送。',
    unknownField: '有个性化字段无法识别，将按原文发送；可用字段为 first_name、last_name、email、phone、store_name。',
  },
  style: {
    invalid: '邮件样式无效，请在邮件样式中检查。',
    socialType: '请选择社交链接的类型。',
    socialRepeat: '每种社交类型只能添加一次。',
    logoRequired: '请上传 Logo。',
  },
  coupon: {
    codeRequired: '请输入优惠码。',
  },
};

/** Advice on an uploaded logo: the upload succeeded, so these are not errors. */
export const contentNotices = {
  style: {
    logoRatio: 'Logo 尺寸为 {{width}} x {{height}}，建议比例 4:1（例如 600 x 150）。',
    logoFormat: '建议使用 JPG 格式的 Logo，体积更小、兼容性更好。',
    logoSize: 'Logo 大小为 {{size}} KB，建议小于 200 KB，以便邮件快速加载。',
  },
};
