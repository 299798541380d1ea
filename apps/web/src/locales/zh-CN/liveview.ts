export const liveview = {
  title: '实时数据',
};
