/** The store record and who may manage it. */
export const storeErrors = {
  store: {
    nameRequired: '店铺名称不能为空。',
    nameTooLong: '店铺名称过长，限 30 个字符。',
    homepageFormat: '店铺首页链接格式错误。',
    currencyRequired: '请选择币种。',
    timezoneInvalid: '请选择有效的时区。',
    languageInvalid: '请选择店铺对顾客使用的语言。',
    addressTooLong: '通讯地址过长，限 300 个字符。',
    choose: '请选择店铺。',
    notMember: '你没有管理该店铺的权限。',
    notConnected: '当前授权尚未完成。',
    platformNotConfigured: '本服务器尚未配置该店铺平台的应用，无法在此连接该平台的店铺。',
    claimInvalid: '该连接链接已过期或已被使用，请从店铺平台后台重新安装应用。',
    platformLinked: '该平台店铺已连接到本服务的另一个店铺。',
    platformUnavailable: '暂时无法连接店铺平台，请稍后再试。',
    shopDomainFormat: '请输入店铺的 Shopify 域名，例如 tea.myshopify.com。',
    tokenFormat: '访问令牌格式不正确。',
    tokensNotShopify: '只有 Shopify 店铺或自建店铺可以保存 Shopify 访问令牌。',
  },
};
