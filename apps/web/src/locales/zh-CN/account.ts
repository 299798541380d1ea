export const account = {
  title: '账户管理',
  shop: {
    title: '店铺管理',
    intro: '你拥有或管理的店铺。切换后，所有页面都会显示所选店铺的数据。',
    add: '添加店铺',
    domain: '店铺域名',
    current: '当前店铺',
    switch: '切换',
    switched: '已切换店铺。',
  },
  user: {
    title: '个人信息',
    changePassword: '修改密码',
    oldPassword: '当前密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    changeEmail: '修改登录邮箱',
    currentEmail: '当前登录邮箱',
    newEmail: '新邮箱',
    passwordToConfirm: '当前密码',
  },
};
