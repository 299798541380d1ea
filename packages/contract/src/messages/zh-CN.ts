import { brandMessages } from './brand.ts';
import { contentMessages } from './content.ts';
import { senderMessages } from './sender.ts';
import { strategyMessages } from './strategy.ts';
import type { ErrorCatalogue } from './en-US.ts';

/** Messages the server and the forms share, in Simplified Chinese. */
export const errorsZhCN: ErrorCatalogue = {
  ...contentMessages.zh,
  ...senderMessages.zh,
  ...strategyMessages.zh,
  ...brandMessages.zh,
  account: { format: '账号格式不正确。' },
  mobile: { format: '手机号格式不正确。', unknown: '没有账号使用这个手机号。', taken: '该手机号已被其他账号使用。' },
  code: {
    format: '验证码为 6 位数字。',
    sent: '验证码已发送。',
    wrong: '验证码错误。',
    expired: '验证码已过期，请重新获取。',
    tooManyTries: '错误次数过多，请重新获取验证码。',
    wait: '请在 {{seconds}} 秒后再获取验证码。',
  },
  password: {
    rule: '密码须为 8-16 位，且至少包含一个字母和一个数字。',
    required: '请输入密码。',
    mismatch: '两次输入的新密码不一致。',
    oldWrong: '当前密码错误。',
    changed: '密码已修改。',
  },
  register: {
    mustAgree: '请同意服务条款和反垃圾邮件政策。',
    accountTaken: '该账号已注册。',
  },
  login: {
    method: '请选择密码登录或验证码登录。',
    failed: '账号或密码错误。',
    verifyFailed: '验证失败，请重新登录。',
    changed: '登录信息已变更，请刷新页面。',
    emailChanged: '登录邮箱修改成功，请重新登录。',
  },
  store: {
    nameRequired: '店铺名称不能为空。',
    nameTooLong: '店铺名称过长，限 30 个字符。',
    homepageFormat: '店铺首页链接格式错误。',
    currencyRequired: '请选择币种。',
    timezoneInvalid: '请选择有效的时区。',
    choose: '请选择店铺。',
    notMember: '你没有管理该店铺的权限。',
    notConnected: '当前授权尚未完成。',
  },
  segment: {
    nameRequired: '分群名称不能为空。',
    nameTooLong: '分群名称过长，限 16 个字符。',
    incomplete: '请完善条件。',
    number: '请输入有效的数字。',
    noConditions: '请至少添加一个条件。',
    systemReadonly: '系统推荐分组不能添加。',
    nameTaken: '已存在同名分群。',
    /** 系统推荐分组的名称。 */
    systemGroup: {
      active: '活跃订阅者',
      loyal: '忠实买家',
      recentBuyers: '30 天内购买',
      neverPurchased: '从未购买',
      inactive: '180 天未活跃',
    },
  },
  tag: { nameTaken: '已存在同名标签。', required: '请选择标签。', notFound: '标签不存在。' },
  subscriber: {
    contactRequired: '请填写邮箱或手机号。',
    emailTaken: '已存在使用该邮箱的订阅者。',
    chooseSome: '请选择订阅者或筛选条件。',
  },
  import: {
    fileType: '仅支持导入 xls、xlsx、ods 或 csv 文件。',
    fileSize: '文件须小于 15 MB。',
    empty: '文件中没有可导入的行。',
    unreadable: '无法读取该文件，请另存为 xlsx 或 csv 后重试。',
    uploadGone: '上传的文件已过期，请重新上传。',
    noContactColumn: '请将某一列对应到邮箱或手机号。',
    badEmail: '邮箱地址无效',
    badPhone: '手机号无效',
    noContact: '没有邮箱地址或手机号',
    duplicate: '与前面某行的邮箱重复',
    badDate: '日期无效',
    badStatus: '状态无法识别',
    duplicatePhone: '与前面某行的手机号重复',
    badTag: '标签名超过 16 个字符',
    busy: '已有导入正在进行，请等待其完成。',
    reportRow: '行号',
    reportReason: '原因',
  },
  export: { range: '导出时间不能超过 31 天。' },
  apiToken: { nameRequired: '请为令牌命名。', invalid: 'API 令牌缺失、错误或已撤销。' },
  ingest: {
    contactRequired: '需要邮箱或手机号。',
    badEmail: '邮箱格式不正确。',
    badPhone: '手机号格式不正确。',
    unknownSubscriber: '没有与该邮箱或客户 ID 对应的订阅者。',
  },
  common: {
    invalid: '部分字段无效。',
    notFound: '未找到。',
    tooMany: '请求过于频繁，请稍后再试。',
    internal: '服务出错了，请稍后再试。',
    network: '网络错误，请检查网络连接。',
  },
};
