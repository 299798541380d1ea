/** API tokens and the ingest API. */
export const apiErrors = {
  apiToken: {
    nameRequired: '请为令牌命名。',
    invalid: 'API 令牌缺失、错误或已撤销。',
  },
  ingest: {
    contactRequired: '需要邮箱或手机号。',
    badEmail: '邮箱格式不正确。',
    badPhone: '手机号格式不正确。',
    unknownSubscriber: '没有与该邮箱或客户 ID 对应的订阅者。',
    badCurrency: '不支持的币种，请使用 ISO 4217 代码，如 USD。',
    priceRequired: '没有规格的商品需要价格。',
  },
};
