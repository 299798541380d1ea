export const calendar = {
  title: '营销日历',
};
