import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { CERTIFICATE_ATTACHMENTS } from "../../../schema/certificate-names";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

const { entry, proof, identityEntry, identityProof } = CERTIFICATE_ATTACHMENTS;

export const CERTIFICATE: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.certificate,
  title: "存证证书",
  lead: "每一份存证都有一张存证证书。输入证书编号，或扫描证书上的二维码，即可在这里查看证书的核验结果，并与手中的 PDF 证书相互核对；也可以按文件或摘要查找。",
  verification: "certificateNo",
  sections: [
    {
      heading: "证书上会写明什么",
      items: [
        "证书编号、存证编号、持有人（敏感信息脱敏显示）。",
        "持有人身份：存证时持有人的个人实名认证或企业认证已由平台审核通过的，证书写明这次审核在账本中的序号、区块高度与时间，并附上它与证据记录同一签名检查点的包含证明，核验时一并核对；否则如实写明存证时持有人身份未经平台核验。",
        "证据名称、类型，以及证据内容的 SHA-256 与 SM3 摘要。",
        "存证时间（北京时间）和证据在账本中的序号。",
        "账本证明：包含证明，以及它所对应的、经平台签名的检查点。",
        "时间来源：未使用第三方可信时间戳时，证书如实写明时间来自平台服务器时钟；没有发生的锚定不会出现在证书上。",
        `PDF 证书内嵌证据记录原文和包含证明（${entry}、${proof}；持有人身份经审核的，还有 ${identityEntry}、${identityProof}），离线验证工具只凭这份 PDF 即可核验。`,
      ],
      closing: ["证书只证明该数据在存证时已经存在且此后未被改动，不证明数据内容本身的真实性或合法性。"],
      links: [{ label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery }],
    },
  ],
};
