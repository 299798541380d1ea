export const connect = {
  title: '连接店铺',
  intro: '选择店铺所在的平台，并填写店铺信息。连接后即可开始配置营销。',
  choosePlatform: '选择平台',
  storeDetails: '店铺信息',
  comingLater: '即将支持',
  customHint: '自建站或其他平台',
  installHint: '在平台后台安装应用',
  submit: '连接店铺',
  platforms: { shopify: 'Shopify', shoplazza: '店匠 Shoplazza', shopline: 'Shopline', custom: '自定义' },
};
