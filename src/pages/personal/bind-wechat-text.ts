/** Words of the security centre's WeChat binding page (and its tests). */
export const BIND_WECHAT_TEXT = {
  title: "绑定微信",
  boundTitle: (providerName: string) => `已绑定${providerName}`,
  boundDescription: "可以用绑定的微信扫码登录本账号。",
  unboundTitle: "未绑定微信",
  unboundDescription: "绑定后可以用微信扫码登录本账号，无需输入密码。",
  bind: "绑定微信",
  unbind: "解除绑定",
  modalTitle: "扫码绑定微信",
  modalHint: "请用要绑定的微信扫描二维码，并在手机上确认",
  confirmTitle: "解除绑定",
  confirmContent: "解除后将不能再用该微信扫码登录本账号。确定解除绑定吗？",
  cancel: "取消",
  boundNotice: "绑定成功，以后可以用微信扫码登录本账号",
  unboundNotice: "已解除绑定",
} as const;
