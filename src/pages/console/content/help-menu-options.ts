import { useEndpointQuery } from "../../../providers/use-endpoint";
import { HELP_CONTENT_ENDPOINTS, type HelpMenuRecord } from "../../../schema/console/help-content";
import { HELP_MENU_KINDS, isHelpArticleKind, type HelpMenuKind } from "../../../schema/help-center";
import { PAGE_SIZE_OPTIONS } from "../../../schema/paging";

/** Every help menu, whatever its state (a tree of a few dozen rows: one page of the largest size holds it). */
export function useHelpMenuRecords(): HelpMenuRecord[] | undefined {
  const { datas, query } = useEndpointQuery(HELP_CONTENT_ENDPOINTS.menu.list, { pageNumber: 1, pageSize: PAGE_SIZE_OPTIONS[PAGE_SIZE_OPTIONS.length - 1] });
  return query.isSuccess ? datas?.pageP.list : undefined;
}

/** The groups a menu may sit under (a group is a menu without a code). */
export const groupOptions = (menus: readonly HelpMenuRecord[], except?: number) =>
  menus.filter((menu) => menu.code === null && menu.id !== except).map((menu) => ({ value: menu.id, label: menu.name }));

/** The leaves an article may belong to: those whose kind lists articles, named with their group. */
export function articleMenuOptions(menus: readonly HelpMenuRecord[]) {
  const nameOf = (id: number | null) => menus.find((menu) => menu.id === id)?.name;
  return menus
    .filter((menu): menu is HelpMenuRecord & { code: HelpMenuKind } => menu.code !== null && isHelpArticleKind(menu.code))
    .map((menu) => ({ value: menu.id, label: [nameOf(menu.parentId), menu.name].filter(Boolean).join(" / ") + `（${HELP_MENU_KINDS[menu.code]}）` }));
}

export const menuCodeOf = (menus: readonly HelpMenuRecord[] | undefined, id: unknown) => menus?.find((menu) => menu.id === id)?.code ?? null;
