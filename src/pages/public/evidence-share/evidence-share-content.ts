import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";
import { notOfferedSentence } from "../../../resources/offered-services";

const SHARING = notOfferedSentence([{ service: "evidenceSharing" }]);
const EXTRACTION = notOfferedSentence([{ section: "evidences/evidenceExtract" }, { service: "extractionByCode" }]);

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
      SHARING
        ? `${SHARING}：分享要从平台的手机 App 发起，而 App 尚未发布，所以目前没有任何证据可以通过分享链接打开。如果有人以“衡证”的名义向您发送分享链接，请先向对方核实。网页平台可以直接在手机浏览器中使用。`
        : "打开持有人发给您的分享链接即可查看；链接失效或被撤回后，页面会如实说明。",
      EXTRACTION
        ? `${EXTRACTION}。`
        : "需要把证据交给法官、公证员或对方当事人查看的，持有人可以在证据库中为选定的证据生成提取编号和提取码，对方在“证据提取”页面凭编号和提取码查看、核验和下载这些证据。",
    ],
    links: [
      { label: "证据提取", to: PUBLIC_PAGE_PATHS.extractLogin },
      { label: "产品服务", to: PUBLIC_PAGE_PATHS.product },
    ],
  },
];
