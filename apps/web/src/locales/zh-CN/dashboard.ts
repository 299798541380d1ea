export const dashboard = {
  store: '店铺',
  goals: { title: '目标' },
  overview: { title: '数据概览' },
  liveview: { title: '实时数据' },
  userAction: { title: '用户行为' },
  calendar: { title: '营销日历' },
};
