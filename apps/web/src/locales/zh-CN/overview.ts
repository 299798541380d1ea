export const overview = {
  title: '数据概览',
};
