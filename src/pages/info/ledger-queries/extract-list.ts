import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const EXTRACT_LIST: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.extractList,
  title: "提取列表",
  lead: "凭提取编号和提取码登录后，这里会列出证据持有人授权您查看的全部证据。",
  sections: [
    {
      heading: "列表中将会有什么",
      items: [
        "每条证据的名称、类型、存证编号、存证时间和文件摘要（SHA-256 与 SM3）。",
        "证据详情：存证证书、账本包含证明以及证书上列出的各项锚定记录。",
        "下载：证据原始文件和存证证书（PDF），可逐条下载，也可打包下载。",
        "授权信息：提取的有效期，以及持有人授权的查看范围。",
      ],
      closing: ["下载后的文件可以在查询验证页面或使用离线验证工具核对，确认与存证时完全一致。"],
      links: [
        { label: "证据提取登录", to: PUBLIC_PAGE_PATHS.extractLogin },
        { label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery },
      ],
    },
  ],
};
