/** Owners and managers (SPEC sections 5 and 6). */
export const accessErrors = {
  access: {
    emailRequired: '请输入管理邮箱。',
    ownerOnly: '只有店铺所有者可以进行此操作。',
    notOwner: '你不是所选店铺的所有者。',
    selfInvite: '不能邀请自己。',
    inviteInvalid: '邀请链接无效或已过期。',
    inviteOtherEmail: '此邀请发给 {{email}}，请用该邮箱登录后接受。',
    notMember: '该用户不是所选店铺的成员。',
    ownerCannotRevoke: '不能撤销店铺所有者，请先转让店铺。',
    invitationNotFound: '该邀请不存在或已处理。',
  },
};

export const accessNotices = {
  access: {
    invited: '邀请已发送至 {{email}}。',
    canceled: '邀请已撤回。',
    revoked: '已撤销其管理权限。',
    transferred: '店铺已转让。',
    accepted: '已加入店铺管理。',
    mail: {
      subject: '{{inviter}} 邀请你在 Storecast 管理店铺',
      intro: '{{inviter}} 邀请你在 Storecast 管理以下店铺：{{stores}}。',
      action: '接受邀请',
      account: '请用 {{email}} 登录（没有账号可先注册）后接受邀请。',
      expiry: '链接 {{days}} 天内有效，只能使用一次。',
      ignore: '如果你不认识邀请人，忽略此邮件即可。',
    },
  },
};
