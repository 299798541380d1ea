export const outbox = {
  title: '本地发件箱',
  intro: '尚未配置 SMTP 服务器，邮件会保存在这里而不会真正发出。打开一封邮件，即可看到订阅者将收到的内容。',
  empty: '暂无保存的邮件。',
  recipient: '收件人',
  from: '发件人',
  subject: '主题',
  keptAt: '保存时间',
  html: '邮件内容',
  text: '纯文本',
  headers: '邮件头',
};
