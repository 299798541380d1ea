export const help = {
  title: '帮助中心',
  intro: '设置店铺、导入订阅者和发送邮件的说明。',
  articles: '文章',
  backToApp: '返回后台',
  notFound: '没有找到这篇文章。',
  contact: {
    title: '联系客服',
    summary: '遇到问题时如何联系我们。',
    intro: '如果帮助文章没有解答你的问题，请联系负责运营本 Storecast 的团队。',
    write: '发送邮件至',
    include: '请在邮件中写明你的店铺名称、账号邮箱，以及出问题时你正在进行的操作（可附上截图）。',
    online: '打开在线客服',
    unset: '本站尚未设置客服邮箱。运营本 Storecast 的人员可以在服务器设置中通过 SUPPORT_EMAIL（或指向外部客服页面的 SUPPORT_URL）进行设置；在此之前，请通过你获得本站账号的渠道联系他们。',
  },
};
