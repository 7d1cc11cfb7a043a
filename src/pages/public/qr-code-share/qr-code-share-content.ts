import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";
import { notOfferedSentence } from "../../../resources/offered-services";

const SHARING = notOfferedSentence([{ service: "evidenceSharing" }]);

export const QR_CODE_SHARE_LEAD = "用手机扫描平台生成的二维码后，会打开这个页面。它在手机浏览器中显示二维码所指向的内容，无需安装任何软件。";

export const QR_CODE_SHARE_SECTIONS: readonly ContentSection[] = [
  {
    heading: "哪些二维码会打开这里",
    items: [
      "证据持有人从手机 App 分享证据时生成的二维码：在授权范围内查看证据详情。",
      `存证证书上的二维码不经过这里：它直接打开“存证证书”核验页（${PUBLIC_PAGE_PATHS.certificate}），页面按证书编号取回存证记录，在您的浏览器中逐项核验。`,
    ],
    closing: [
      SHARING
        ? `${SHARING}（手机 App 尚未发布），所以目前还没有会打开这里的二维码，这里暂时没有可显示的内容。`
        : "扫码后这里会显示分享的证据；二维码失效或被撤回的，页面会如实说明。",
      "如果您扫描的二维码来自其他地方，请确认其来源可靠，不要在陌生页面中输入账号密码或验证码。",
    ],
    links: [
      { label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery },
      { label: "存证证书", to: PUBLIC_PAGE_PATHS.certificate },
    ],
  },
];
