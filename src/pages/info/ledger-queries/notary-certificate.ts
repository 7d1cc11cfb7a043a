import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const NOTARY_CERTIFICATE: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.notaryCertificate,
  title: "公证书查询",
  lead: "通过平台申请、由合作公证处出具的公证书，可以在这里按公证书编号查询：出具公证书的公证处、出证时间、所涉证据条数，以及公证书文件、账本记录和电子印章的核验结果。扫描公证书上的二维码会直接打开查询结果。",
  query: () => import("../notarial-certificate/notarial-certificate-panel"),
  sections: [
    {
      heading: "查询将给出什么",
      items: [
        "出具公证书的公证处和出证时间，申请人（脱敏显示）和所涉证据的条数。",
        "公证书电子文件的 SHA-256 摘要和账本序号，便于核对手中的公证书文件是否完整。",
        "平台的核验：存储的公证书文件与出证时记入账本的摘要一致、出证记录已包含在签名检查点中、公证处电子印章有效。",
        "浏览器的核验：查询结果附有出证记录和包含证明时，您的浏览器会按平台公钥自行核对签名检查点和包含证明。",
      ],
      closing: ["公证书的效力以公证机构出具的文书为准。对公证书内容有疑问的，请直接向出具公证书的公证机构核实。"],
      links: [
        { label: "公证入口", to: PUBLIC_PAGE_PATHS.notaryEntrance },
        { label: "存证证书", to: PUBLIC_PAGE_PATHS.certificate },
      ],
    },
  ],
};
