import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";

export const EVIDENCE_SHARE_LEAD = "证据持有人从手机上分享一条证据时，对方收到的链接会打开这个页面，查看该证据的基本信息和存证证书。";

export const EVIDENCE_SHARE_SECTIONS: readonly ContentSection[] = [
  {
    heading: "分享的证据会显示什么",
    items: [
      "证据名称、类型、存证编号和存证时间。",
      "证据摘要（SHA-256 与 SM3）和存证证书，可据此核验手中的文件。",
      "持有人允许时，还可以查看或下载证据文件。",
    ],
  },
  {
    heading: "目前的情况",
    paragraphs: [
      "证据分享属于存证账本的功能，将随存证账本上线开放。平台的手机 App 也尚未发布；网页平台可以直接在手机浏览器中使用。",
      "因此目前还没有任何证据可以通过分享链接打开。如果有人以“衡证”的名义向您发送分享链接，请先向对方核实。",
    ],
    links: [
      { label: "证据提取", to: PUBLIC_PAGE_PATHS.extractLogin },
      { label: "产品服务", to: PUBLIC_PAGE_PATHS.product },
    ],
  },
];
