import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const VALIDATE_QUERY: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.validateQuery,
  title: "查询验证",
  lead: "任何人都可以在这里核验一份存证：按证书编号、按文件（由浏览器在本地计算摘要）或按 SHA-256 摘要查找，页面会逐项给出核验结果。",
  verification: "file",
  sections: [
    {
      heading: "核验将检查哪些内容",
      steps: [
        "格式：存证记录和证明包的格式是否正确，证书编号是否与记录一致。",
        "叶子哈希：由存证记录计算 RFC 6962 叶子哈希，与证明包记载的是否一致。",
        "签名：检查点上平台公钥的 Ed25519 签名是否有效。",
        "包含证明：沿包含证明推算出的树根与签名检查点记载的树根是否一致。",
        "文件摘要：您的文件的 SHA-256 与 SM3 摘要与存证记录是否一致。",
      ],
      closing: [
        "每一项检查单独给出“通过”或“不通过”及原因，而不是只给一个笼统的结论。文件本身不会上传：摘要在您的浏览器中计算。",
        "不想依赖本网站的，可以使用离线验证工具，凭 PDF 证书、原文件和平台公钥在自己的电脑上完成同样的检查：npx hengzheng-verify verify 证书.pdf 原文件 --key 平台公钥。",
      ],
      links: [
        { label: "证据账本如何审计", to: PUBLIC_PAGE_PATHS.blockChain },
        { label: "存证证书", to: PUBLIC_PAGE_PATHS.certificate },
      ],
    },
  ],
};
