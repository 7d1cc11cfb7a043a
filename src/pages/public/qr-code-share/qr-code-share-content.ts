import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";

export const QR_CODE_SHARE_LEAD = "用手机扫描平台生成的二维码后，会打开这个页面。它在手机浏览器中显示二维码所指向的内容，无需安装任何软件。";

export const QR_CODE_SHARE_SECTIONS: readonly ContentSection[] = [
  {
    heading: "哪些二维码会打开这里",
    items: [
      "存证证书上的二维码：打开证书的网页版本，便于当场核对证书编号、摘要和存证时间。",
      "证据持有人分享的证据二维码：在授权范围内查看证据详情。",
    ],
    closing: [
      "这两类二维码都属于存证账本的功能，将随存证账本上线开放。目前平台还没有生成任何此类二维码，所以这里暂时没有可显示的内容。",
      "如果您扫描的二维码来自其他地方，请确认其来源可靠，不要在陌生页面中输入账号密码或验证码。",
    ],
    links: [
      { label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery },
      { label: "存证证书", to: PUBLIC_PAGE_PATHS.certificate },
    ],
  },
];
