import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";

export const HELP_CENTER_LEAD = "在这里查找平台的使用方法、存证知识和常见问题的答案。";

/**
 * Until the help-centre articles (menu tree, search, law cases, FAQ, user manual) are published,
 * the page says so and points to the pages that already answer the most frequent questions.
 */
export const HELP_CENTER_SECTIONS: readonly ContentSection[] = [
  {
    heading: "帮助文章正在整理",
    paragraphs: [
      "存证知识、法律案例、常见问题和用户手册正在编写，整理完成后会在本页按目录发布，并支持关键词搜索。在此之前，下面的页面可以解答大部分问题。",
    ],
    links: [
      { label: "产品服务介绍", to: PUBLIC_PAGE_PATHS.product },
      { label: "存证核验与查询", to: PUBLIC_PAGE_PATHS.validateQuery },
      { label: "产品动态", to: PUBLIC_PAGE_PATHS.activityProduct },
      { label: "开放平台", to: PUBLIC_PAGE_PATHS.openPlatform },
    ],
  },
  {
    heading: "常见问题速答",
    items: [
      "存证证书如何核验：在“查询验证”页面输入证书编号，或选择原始文件，由浏览器在本地计算摘要后比对，文件不会上传。",
      "忘记密码：在登录框中点击“忘记密码”，通过绑定的手机号或邮箱重设。",
      "子账号：主账号可在个人中心的“子账号管理”中创建和停用子账号，子账号的证据归属主账号。",
    ],
  },
];
