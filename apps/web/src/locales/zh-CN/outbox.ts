export const outbox = {
  title: '本地发件箱',
  intro: '尚未配置 SMTP 服务器，邮件会保存在这里而不会真正发出：包括店铺的邮件，以及 Storecast 发给本店铺和你本人的邮件（邀请、发件人确认）。打开一封邮件，即可看到收件人将收到的内容；其中的链接可在纯文本中找到。',
  empty: '暂无保存的邮件。',
  recipient: '收件人',
  from: '发件人',
  subject: '主题',
  keptAt: '保存时间',
  html: '邮件内容',
  text: '纯文本',
  headers: '邮件头',
};
