import { PictureOutlined } from "@ant-design/icons";
import type { ComponentType } from "react";
import type { z } from "zod";
import { CONTENT_ENDPOINTS, type ContentEndpoints } from "../../../schema/console/content";
import { HELP_CONTENT_ENDPOINTS } from "../../../schema/console/help-content";
import { ContentListQuerySchema } from "../../../schema/console/publication";
import { customPage, defineSectionData, genericPage } from "../../define";
import { describeFilters } from "../../field-meta";
import type { MainSectionDefinition, PageSlots, SectionDefinition, SectionPageProps } from "../../types";

/** A kind's screens (src/pages/console/content/*-screens.tsx): the editor page, and the list's slots. */
type Screens = Promise<{ default: ComponentType<SectionPageProps>; slots: PageSlots }>;

/**
 * One section per kind of content: its list (state filter, 新建, and on each row 编辑 / 预览 /
 * 发布 / 下线 / 上移 / 下移 / 删除), and one editor for a new row and for an existing one (`?id=`).
 */
function contentSection<E extends ContentEndpoints>(
  endpoints: E,
  section: { key: string; title: string; description: string },
  columns: readonly (keyof z.infer<E["one"]["datas"]> & string)[],
  screens: () => Screens,
): SectionDefinition {
  const { key, title, description } = section;
  // The record and the form are the contract's: what the one-row call answers and the create call takes.
  const [record, form] = [endpoints.one.datas, endpoints.create.input];
  return {
    key,
    title,
    description,
    permission: "content.edit",
    landing: "list",
    // The columns were checked against this kind's record above.
    ...defineSectionData<z.ZodObject, z.ZodObject>({
      record,
      form,
      columns,
      filters: describeFilters(ContentListQuerySchema, ["state"]),
      endpoints: { list: endpoints.list, one: endpoints.one, create: endpoints.create, delete: endpoints.delete },
      emptyText: `暂无${title}`,
    }),
    pages: [
      genericPage("list", "dataList", title, { slots: async () => ({ default: (await screens()).slots }) }),
      customPage("new", `新建${title}`, screens, { standsFor: "new" }),
      customPage("edit", `编辑${title}`, screens, { standsFor: "detail" }),
    ],
  };
}

/** 内容 (/console/content): what the public pages show (banners, product news, related applications, the help centre). A section is one entry in `sections`. */
export const content: MainSectionDefinition = {
  key: "content",
  title: "内容",
  icon: PictureOutlined,
  sideNav: "links",
  sections: [
    contentSection(CONTENT_ENDPOINTS.banner, { key: "banners", title: "轮播图", description: "首页轮播图：图片、标题、按钮与模板，预览、发布与下线" }, ["imageUrl", "title", "templateId", "state", "updatedAt"], () =>
      import("../../../pages/console/content/banner-screens"),
    ),
    contentSection(CONTENT_ENDPOINTS.news, { key: "news", title: "产品动态", description: "首页滚动消息与产品动态文章：正文 HTML 保存前按白名单清理" }, ["title", "typeName", "publishedAt", "state", "updatedAt"], () =>
      import("../../../pages/console/content/news-screens"),
    ),
    contentSection(CONTENT_ENDPOINTS.dapp, { key: "dapps", title: "相关应用", description: "左侧抽屉中的相关应用：图标、简介、入口地址与类别" }, ["menu_logo", "dapp_name", "category", "display", "state", "updatedAt"], () =>
      import("../../../pages/console/content/dapp-screens"),
    ),
    contentSection(HELP_CONTENT_ENDPOINTS.menu, { key: "helpMenus", title: "帮助中心栏目", description: "帮助中心的目录：分组与栏目，栏目类型决定它显示的内容" }, ["name", "code", "parentId", "state", "updatedAt"], () =>
      import("../../../pages/console/content/help-menu-screens"),
    ),
    contentSection(HELP_CONTENT_ENDPOINTS.article, { key: "helpArticles", title: "帮助文章", description: "存证知识、司法案例、常见问题与用户手册：正文 HTML 保存前按白名单清理" }, ["title", "menuId", "publishedAt", "state", "updatedAt"], () =>
      import("../../../pages/console/content/help-article-screens"),
    ),
  ],
};
