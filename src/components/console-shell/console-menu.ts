import type { MenuDataItem } from "@ant-design/pro-components";
import { createElement } from "react";
import { APP_PATHS } from "../../app/path-rules";
import { activeSideNav, isSideNavGroup, joinPath, mainResource, sideNavigation, type SideNavEntry } from "../../resources/derive";
import type { Registry } from "../../resources/types";
import type { ConsolePermission } from "../../schema/console/permissions";

/** A menu item with the address its link opens (its `path` is what the menu matches the location against). */
export type ConsoleMenuItem = MenuDataItem & { key: string; to?: string; children?: ConsoleMenuItem[] };

/**
 * The console's side menu from its registry: one group per main section holding the sections the
 * operator's permissions allow (a main section with none is left out), in ProLayout's menu data.
 */
export function consoleMenu(registry: Registry, permissions: readonly ConsolePermission[]): ConsoleMenuItem[] {
  return registry.flatMap((main) => {
    const entries = sideNavigation(main, { permissions }, APP_PATHS.console);
    if (entries.length === 0) return [];
    const icon = main.icon && createElement(main.icon);
    return [{ key: mainResource(main, APP_PATHS.console), name: main.title, icon, path: joinPath(mainResource(main, APP_PATHS.console)), children: entries.map(toMenuItem) }];
  });
}

/** The menu entry to mark for a path (the section or page it is at or below). */
export function selectedConsoleMenuKeys(registry: Registry, permissions: readonly ConsolePermission[], pathname: string): string[] {
  const entries = registry.flatMap((main) => sideNavigation(main, { permissions }, APP_PATHS.console));
  const { selected } = activeSideNav(entries, pathname);
  return selected ? [selected] : [];
}

function toMenuItem(entry: SideNavEntry): ConsoleMenuItem {
  const icon = entry.icon && createElement(entry.icon);
  const item = { key: entry.key, name: entry.label, icon, path: joinPath(entry.resource), to: entry.to };
  return isSideNavGroup(entry) ? { ...item, children: entry.children.map((link) => ({ key: link.key, name: link.label, path: link.to, to: link.to })) } : item;
}
