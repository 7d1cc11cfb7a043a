import { z } from "zod";
import { endpoint } from "./contract";

/** The common calls of spec §7 (getTime, getDappList, getBanner, getCmsArticle): payloads, then COMMON_ENDPOINTS. */

const ServerTimeSchema = z.object({
  serverTime: z.number().int().describe("服务器当前时间（毫秒）"),
});

/** Related application (spec §3), listed in the drawer by category; 4 = mobile apps. */
export const DappCategory = { 1: "证据服务", 2: "司法服务", 3: "监测服务", 4: "移动应用" } as const;

export const DappSchema = z.object({
  dapp_name: z.string(),
  description: z.string(),
  menu_logo: z.string().describe("图标地址"),
  dapp_home_url: z.string().describe("快速进入地址，在新标签页打开"),
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  display: z.union([z.literal(0), z.literal(1)]).describe("1 = 显示"),
  width: z.number().int().describe("抽屉中卡片宽度（像素）"),
});
export type Dapp = z.infer<typeof DappSchema>;

const DappListExtraSchema = z.object({ menuList: z.array(DappSchema) });

/** Banner templates the home carousel knows (spec §3). */
export const BANNER_TEMPLATE_IDS = [1, 2, 3, 4, 5, 7, 8] as const;

export const BannerSchema = z.object({
  templateId: z.union(BANNER_TEMPLATE_IDS.map((id) => z.literal(id)) as [
    z.ZodLiteral<1>,
    ...z.ZodLiteral<(typeof BANNER_TEMPLATE_IDS)[number]>[],
  ]),
  imageUrl: z.string().describe("存储前缀加路径"),
  subImage: z.array(z.object({ path: z.string() })),
  button: z.array(z.object({ name: z.string(), jumpUrl: z.string() })),
  title: z.string(),
  subTitle: z.array(z.object({ title: z.string() })),
});
export type Banner = z.infer<typeof BannerSchema>;

const BannerListSchema = z.object({ bannerList: z.array(BannerSchema) });

const GetBannerQuerySchema = z.object({
  time: z.coerce.number().int().optional().describe("防缓存时间戳"),
});

/** News article as the ticker and the product-news page need it (spec §3). */
export const CmsArticleSummarySchema = z.object({
  articleId: z.number().int(),
  channelId: z.number().int(),
  channelCode: z.string(),
  channelName: z.string(),
  title: z.string(),
  typeName: z.string().describe("逗号分隔的标签"),
  brief: z.string(),
  time: z.string().describe("YYYY年MM月DD日"),
  createDate: z.string().describe("YYYY-MM-DD HH:mm:ss"),
});
export type CmsArticleSummary = z.infer<typeof CmsArticleSummarySchema>;

export const CMS_NEW_ARTICLE_COUNT = 6;

export const GetCmsArticleQuerySchema = z.object({
  pageNewSize: z.coerce.number().int().min(1).max(50).default(CMS_NEW_ARTICLE_COUNT),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
});

const CmsNewArticleListSchema = z.object({
  cmsNewArticleList: z.array(CmsArticleSummarySchema),
});

export const COMMON_ENDPOINTS = {
  /** A token, when sent, is checked and refreshed: the session check of spec §4 calls this. */
  getTime: endpoint({
    method: "GET",
    path: "/common/v2/getTime",
    input: z.object({}),
    datas: ServerTimeSchema,
    session: "optional",
    tag: "公共",
    summary: "服务器时间（毫秒），首页时钟据此校准",
  }),
  /** Spec §7: the list travels in extraData.menuList; `datas` is null. */
  getDappList: endpoint({
    method: "GET",
    path: "/common/v2/getDappList",
    input: z.object({}),
    datas: z.null(),
    extraData: DappListExtraSchema,
    session: "optional",
    tag: "公共",
    summary: "相关应用列表（按类别 1-4，display = 1 时显示）",
  }),
  getBanner: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getBanner",
    input: GetBannerQuerySchema,
    datas: BannerListSchema,
    session: "tokenless",
    tag: "内容",
    summary: "首页轮播图",
  }),
  getCmsArticle: endpoint({
    method: "GET",
    path: "/extractEvidence/v2/getCmsArticle",
    input: GetCmsArticleQuerySchema,
    datas: CmsNewArticleListSchema,
    session: "tokenless",
    tag: "内容",
    summary: "最新产品动态（pageNewSize 条，默认 6 条）",
  }),
};
