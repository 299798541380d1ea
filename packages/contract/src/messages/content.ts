/**
 * Messages of e-mail content, style and coupons. Each feature keeps its messages in a file like
 * this one, hooked into the two catalogues by one line each, so features grow side by side.
 */
export const contentMessages = {
  en: {
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
      unknownField: 'A personalisation field is not recognised and will be sent as written; use first_name, last_name, email, phone or store_name.',
    },
    style: {
      invalid: 'The e-mail style is not valid, please check it in E-mail style.',
      socialType: 'Choose the type of the social link.',
      socialRepeat: 'Each social type can be added only once.',
      logoRequired: 'Please upload the logo.',
      logoRatio: 'The logo is {{width}} x {{height}}; a 4:1 logo (for example 600 x 150) looks best.',
      logoFormat: 'A JPG logo is recommended; it is smaller and shows everywhere.',
      logoSize: 'The logo is {{size}} KB; under 200 KB is recommended so e-mails load fast.',
    },
    coupon: { codeRequired: 'Enter the coupon code.' },
  },
  zh: {
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
      unknownField: '有个性化字段无法识别，将按原文发送；可用字段为 first_name、last_name、email、phone、store_name。',
    },
    style: {
      invalid: '邮件样式无效，请在邮件样式中检查。',
      socialType: '请选择社交链接的类型。',
      socialRepeat: '每种社交类型只能添加一次。',
      logoRequired: '请上传 Logo。',
      logoRatio: 'Logo 尺寸为 {{width}} x {{height}}，建议比例 4:1（例如 600 x 150）。',
      logoFormat: '建议使用 JPG 格式的 Logo，体积更小、兼容性更好。',
      logoSize: 'Logo 大小为 {{size}} KB，建议小于 200 KB，以便邮件快速加载。',
    },
    coupon: { codeRequired: '请输入优惠码。' },
  },
} as const;
