/** Words of the login panel used in more than one place (and by the tests). */
export const LOGIN_TEXT = {
  tabs: { password: "账号密码登录", code: "验证码登录", scan: "扫码登录" },
  account: "手机号或邮箱",
  password: "密码",
  captcha: "图形验证码",
  code: "验证码",
  submit: "登录",
  submitting: "登录中…",
  codeSent: "验证码已发送，请注意查收",
  forgotPassword: "忘记密码",
  register: "免费注册",
} as const;
