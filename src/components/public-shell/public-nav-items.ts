import { APP_PATHS } from "../../app/path-rules";
import { PUBLIC_PAGE_PATHS } from "../../app/public-page-paths";

/**
 * The public top navigation of spec §2, in its order: thirteen items. The footer's link columns
 * pick from the same list, so a label or a path is written once.
 */
export interface PublicNavItem {
  key: string;
  label: string;
  path: string;
  /** The notary entrance is a separate site: spec §2 opens it in a new tab. */
  opensInNewTab?: boolean;
  /** Small badge after the label (legal AI is 新). */
  badge?: string;
}

export const PUBLIC_NAV_ITEMS = [
  { key: "home", label: "首页", path: APP_PATHS.home },
  { key: "blockChain", label: "司法联盟链", path: PUBLIC_PAGE_PATHS.blockChain },
  { key: "bigData", label: "大数据监测", path: PUBLIC_PAGE_PATHS.bigData },
  { key: "internetCourt", label: "互联网法院", path: PUBLIC_PAGE_PATHS.internetCourt },
  { key: "extractLogin", label: "证据提取", path: PUBLIC_PAGE_PATHS.extractLogin },
  { key: "validateQuery", label: "查询验证", path: PUBLIC_PAGE_PATHS.validateQuery },
  { key: "legalAI", label: "法律AI", path: PUBLIC_PAGE_PATHS.legalAI, badge: "新" },
  { key: "notary", label: "公证入口", path: PUBLIC_PAGE_PATHS.notaryEntrance, opensInNewTab: true },
  { key: "product", label: "产品服务", path: PUBLIC_PAGE_PATHS.product },
  { key: "openPlatform", label: "开放平台", path: PUBLIC_PAGE_PATHS.openPlatform },
  { key: "activityProduct", label: "产品动态", path: PUBLIC_PAGE_PATHS.activityProduct },
  { key: "helpCenter", label: "帮助中心", path: PUBLIC_PAGE_PATHS.helpCenter },
  { key: "about", label: "关于我们", path: PUBLIC_PAGE_PATHS.about },
] as const satisfies readonly PublicNavItem[];

export type PublicNavKey = (typeof PUBLIC_NAV_ITEMS)[number]["key"];

export function navItem(key: PublicNavKey): PublicNavItem {
  return PUBLIC_NAV_ITEMS.find((item) => item.key === key)!;
}

/**
 * The item a page belongs to: the one whose path is the page's path or a parent of it. Detail
 * pages without an item of their own (/info/detailsProduct …) highlight nothing.
 */
export function activeNavKey(pathname: string): PublicNavKey | undefined {
  const item = PUBLIC_NAV_ITEMS.find((candidate) => pathname === candidate.path || pathname.startsWith(`${candidate.path}/`));
  return item?.key;
}
