/** 商品目录：商品列表、商品搜索和选择商品。随商品页面加载。 */
export const products = {
  loadFailed: '商品加载失败，请稍后重试。',
  search: '搜索商品 ID、Handle 或标题',
  collection: '商品集合',
  status: '状态',
  allStatuses: '全部状态',
  statuses: { active: '在售', draft: '草稿', archived: '已归档' },
  column: {
    image: '图片',
    title: '商品',
    idHandle: 'ID / Handle',
    price: '价格',
    compareAt: '原价',
    stock: '库存',
    variants: '规格数',
    status: '状态',
    updated: '更新时间',
  },
  untracked: '不跟踪',
  total: '共 {{total}} 个商品',
  empty: {
    title: '还没有商品',
    body: '店铺系统可通过接入 API（POST /public/v1/products）推送商品及其规格，同一商品 ID 重复推送会更新原有商品。',
    link: '创建 API 令牌',
  },
  noMatch: '没有符合条件的商品。',
  picker: {
    placeholder: '搜索并选择商品',
    notFound: '没有找到商品',
  },
};
