export const orderExport = {
  title: '订单导出',
};
