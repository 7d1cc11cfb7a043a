import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

export const EXTRACT_LOGIN: LedgerQueryPageDefinition = {
  path: PUBLIC_PAGE_PATHS.extractLogin,
  title: "证据提取",
  lead: "证据持有人可以把指定的证据授权给法官、公证员、律师或对方当事人查看。被授权的一方无需注册账号，凭提取编号和提取码登录本页，即可查看和下载这些证据及其存证证书。",
  sections: [
    {
      heading: "提取将如何进行",
      steps: [
        "证据持有人在证据库中选择要出示的证据，生成提取编号和提取码，并设置有效期。",
        "持有人通过自己的渠道把提取编号和提取码交给查看方。",
        "查看方在本页输入提取编号和提取码，进入提取列表，查看证据详情、下载原始文件和存证证书。",
        "每一次提取都会被记录，持有人可以随时查看提取记录，或提前终止授权。",
      ],
      closing: ["提取码只用于查看被授权的证据，不能修改或删除任何内容。请只向需要查看证据的人提供提取码。"],
      links: [
        { label: "提取列表", to: PUBLIC_PAGE_PATHS.extractList },
        { label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery },
      ],
    },
  ],
};
