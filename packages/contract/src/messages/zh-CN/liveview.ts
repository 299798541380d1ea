/** The live view, the shopper action list and a shopper's profile (SPEC sections 2 and 7). */
export const liveviewErrors = {
  liveview: {
    tooManyStreams: '实时数据页面打开得太多了，请关闭其他页面后再试。',
    shopperNotFound: '未找到该顾客。',
    shopperRequired: '请提供订阅者 ID 或访客 ID。',
    badCursor: '分页位置无效，请从第一页重新查看。',
  },
};
