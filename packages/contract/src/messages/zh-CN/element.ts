/** The product catalogue and Element Send (SPEC sections 4, 5 and 8). */
export const elementErrors = {
  catalogue: {
    refRequired: '请输入商品 ID 或 Handle。',
    oneAtATime: '每次只能搜索一个商品 ID 或 Handle。',
    notFound: '未找到该商品 ID/Handle。',
    notInCatalogue: '商品 {{id}} 不在本店铺的商品目录中。',
    blockedFull: '屏蔽商品最多 {{max}} 个，请先移除一些。',
  },
  element: {
    notFound: '该元素发送不存在。',
    disabled: '本店铺未开通元素发送。',
    sixProducts: '元素发送需要正好 6 个商品。',
    onlyNum: '最多只能添加 {{num}} 个商品。',
    duplicate: '该商品已存在。',
    queryTimeout: '第 {{num}} 个商品查询超时。',
    productGone: '第 {{num}} 个商品已不在商品目录中，请更换。',
    productBlocked: '该商品在屏蔽商品列表中，不能推广。',
    slotBlocked: '第 {{num}} 个商品已被屏蔽，请更换。',
    matchFailed: '元素匹配失败（{{done}}/{{total}}），请重试或更换商品。',
    matchingZero: '匹配邮箱数不能为 0。',
    notMatched: '请先完成 6 个商品的匹配再发送。',
    stillMatching: '商品还在匹配中，请等待完成。',
    nothingToRetry: '没有匹配失败的商品，无需重试。',
    notEditable: '已发送的元素发送不能更换商品。',
    noProductBlock: '邮件需要一个展示“顾客的商品”的商品内容块。',
  },
};

export const elementNotices = {
  element: {
    matchDone: '6 个商品已匹配完成，共 {{count}} 位顾客。',
    /** The name of a new Element Send until its owner names it. */
    defaultName: '元素发送 {{date}}',
  },
};
