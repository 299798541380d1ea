export const billing = {
  quota: {
    label: '可用发送量',
    getMore: '获取更多',
    expiresToday: '部分发送量即将过期，请尽快使用。',
    expiresInDays: '{{num}} 封发送量将在 {{days}} 天后过期。',
  },
  membership: { upgrade: '升级' },
  level: { free: '免费版', starter: '入门版', basic: '基础版', professional: '专业版' },
};
