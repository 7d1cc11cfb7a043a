/**
 * Words of the public shell. The hotline is a placeholder (spec §9 shows a business hotline but
 * does not give its number), so it says so wherever it appears; the record lines describe this
 * deployment rather than quoting registration numbers it does not have.
 */
export const PUBLIC_SHELL_TEXT = {
  login: "登录",
  workspace: "进入工作台",
  logout: "退出登录",
  navLabel: "主导航",
  hotlineLabel: "商务热线",
  hotlineNumber: "400-000-0000",
  hotlineSample: "示例",
  hotlineNote: "示例号码，正式部署时替换为实际的服务热线",
  copyright: "© 衡证电子证据平台",
  recordLine: "网站备案信息：本站为演示部署，正式上线后在此公示 ICP 备案号与公安机关备案号",
  testingCentreLine: "安全检测：正式上线前由第三方检测机构对平台进行安全与功能测评，测评结论将在此公示",
  backToTop: "回到顶部",
} as const;

export const CONSULT_TEXT = {
  button: "在线咨询",
  title: "咨询与帮助",
  noChat: "本平台暂不提供在线聊天客服。",
  helpCentre: "常见问题、操作指引与证据知识请查阅帮助中心",
  goHelpCentre: "前往帮助中心",
  hotline: "业务咨询请拨打商务热线",
} as const;
