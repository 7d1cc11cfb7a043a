import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { ValidateQueryFormSchema } from "../../../schema/evidence-query";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const VALIDATE_QUERY: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.validateQuery,
  title: "查询验证",
  lead: "任何人都可以在这里核验一份存证：输入证书编号，并提供证据文件的 SHA-256 值（或在核验时由浏览器在本地计算），页面会逐项给出核验结果。",
  form: { schema: ValidateQueryFormSchema, name: "核验存证", submitText: "开始核验" },
  sections: [
    {
      heading: "核验将检查哪些内容",
      steps: [
        "文件摘要：您提供的文件摘要与证书记载的摘要是否一致。",
        "包含证明：由证书中的存证记录计算叶子哈希，沿包含证明推算出树根。",
        "检查点：推算出的树根与检查点记载的树根是否一致，检查点的平台签名是否有效。",
        "见证与锚定：见证者签名和每一项外部锚定分别核验，各自给出结果。",
      ],
      closing: [
        "每一项检查单独给出“通过”或“不通过”及原因，而不是只给一个笼统的结论。文件本身不会上传：摘要在您的浏览器中计算。",
        "不想依赖本网站的，届时也可以使用离线验证工具，凭证书、原文件和平台公钥在自己的电脑上完成同样的检查。",
      ],
      links: [
        { label: "证据账本如何审计", to: PUBLIC_PAGE_PATHS.blockChain },
        { label: "存证证书", to: PUBLIC_PAGE_PATHS.certificate },
      ],
    },
  ],
};
