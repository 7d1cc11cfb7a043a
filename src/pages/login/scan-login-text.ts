/** Words of scan login and the bind panel used in more than one place (and by the tests). */
export const SCAN_LOGIN_TEXT = {
  frameTitle: "扫码登录二维码",
  loading: "正在获取二维码…",
  refresh: "刷新二维码",
  expiredTitle: "二维码已失效",
  expiredDescription: "二维码 5 分钟内有效，请刷新后重新扫码",
  retry: "重试",
  returnedExpired: "上一个二维码已失效，请扫描新的二维码登录",
  callbackTitle: "扫码登录",
  callbackPending: "正在登录…",
  callbackMissing: "缺少扫码授权信息，请返回重新扫码登录",
  backToLogin: "返回登录",
} as const;

export const BIND_PANEL_TEXT = {
  title: "绑定账号",
  back: "返回登录",
  intro: "扫码成功。该微信尚未绑定平台账号：请绑定已有账号，或用手机号验证码绑定（未注册的手机号将自动注册）。",
  tabs: { account: "账号绑定", code: "验证码绑定" },
  submit: "绑定并登录",
  submitting: "绑定中…",
} as const;
