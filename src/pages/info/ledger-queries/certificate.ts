import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { CertificateQueryFormSchema } from "../../../schema/evidence-query";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const CERTIFICATE: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.certificate,
  title: "存证证书",
  lead: "每一份存证都有一张存证证书。输入证书编号，或扫描证书上的二维码，即可在这里查看证书的网页版本，并与手中的 PDF 证书相互核对。",
  form: { schema: CertificateQueryFormSchema, name: "查看证书", submitText: "查看证书" },
  sections: [
    {
      heading: "证书上会写明什么",
      items: [
        "证书编号、存证编号、持有人（已实名认证的个人或企业，敏感信息脱敏显示）。",
        "证据名称、类型，以及证据内容的 SHA-256 与 SM3 摘要。",
        "存证时间（北京时间）和证据在账本中的序号。",
        "账本证明：包含证明，以及它所对应的、经平台签名的检查点。",
        "外部锚定：每一次锚定（司法联盟链、可信时间戳等）及其各自的核验结果；没有发生的锚定不会出现。",
      ],
      closing: ["证书只证明该数据在存证时已经存在且此后未被改动，不证明数据内容本身的真实性或合法性。"],
      links: [{ label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery }],
    },
  ],
};
