import { ok } from "./account-harness";
import { HELP_CENTER_ENDPOINTS, HelpArticleDetailSchema, HelpArticleSummarySchema, HelpMenuNodeSchema, type HelpArticleSummary, type HelpMenuKind, type HelpMenuNode } from "../../src/schema/help-center";
import { pagePSchema } from "../../src/schema/paging";

/** Fixtures of the help centre's answers, parsed with the contract's schemas so they cannot drift from it. */

const leaf = (id: number, name: string, code: HelpMenuKind): HelpMenuNode => ({ id, name, code, children: [] });

export const MENU_ROOT: HelpMenuNode = HelpMenuNodeSchema.parse({
  id: 1,
  name: "帮助中心",
  code: "",
  children: [
    { id: 2, name: "使用指南", code: "", children: [leaf(3, "用户手册", "HLUSERBOOK"), leaf(4, "常见问题", "HLQUESTION")] },
    {
      id: 5,
      name: "存证与诉讼",
      code: "",
      children: [leaf(6, "存证知识", "HLEVIDENCE"), leaf(7, "司法案例", "HLLAWCASE"), leaf(8, "诉讼包下载", "HLSUITPACKAGE"), leaf(9, "电子证据原理", "HLELEEVIDENCE")],
    },
  ],
});

export const menuAnswer = (root: HelpMenuNode = MENU_ROOT) => ok([root]);

export function article(articleId: number, title: string, menuId: number, extra: Partial<HelpArticleSummary> = {}): HelpArticleSummary {
  return HelpArticleSummarySchema.parse({
    articleId,
    channelId: menuId,
    channelCode: "HLEVIDENCE",
    channelName: "存证知识",
    title,
    typeName: "存证,入门",
    brief: `${title}的摘要`,
    time: "2026年03月12日",
    createDate: "2026-03-12 10:00:00",
    menuId,
    summary: `<p>${title}的概要</p>`,
    courtName: null,
    caseNo: null,
    evidenceChannelId: null,
    caseType: null,
    area: null,
    ...extra,
  });
}

export const articlesAnswer = (list: HelpArticleSummary[], totalRow = list.length, pageNumber = 1) =>
  ok({ pageP: pagePSchema(HelpArticleSummarySchema).parse({ list, pageNumber, pageSize: 10, totalPage: Math.ceil(totalRow / 10), totalRow }) });

export const detailAnswer = (summary: HelpArticleSummary, content: string, lastPage: { articleId: number; title: string } | null, nextPage: { articleId: number; title: string } | null) =>
  ok(HelpArticleDetailSchema.parse({ cmsArticle: { ...summary, content }, lastPage, nextPage }));

export const P = {
  menu: HELP_CENTER_ENDPOINTS.getHelpCenterList.path,
  articles: HELP_CENTER_ENDPOINTS.findHelpCenterArticles.path,
  detail: HELP_CENTER_ENDPOINTS.getHelpCenterArticleInfo.path,
  search: HELP_CENTER_ENDPOINTS.findArticleLikeKey.path,
  dict: HELP_CENTER_ENDPOINTS.getDictData.path,
} as const;
