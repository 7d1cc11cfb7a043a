import { pageData } from "../../resources/define";
import type { PageDefinition, SectionRoute } from "../../resources/types";
import { MONITOR_CHANNEL_KEYS, type MonitorChannel } from "../../schema/monitor";

/** The channel a /monitor page works on, as its registry data fixes it (resources/monitor/pages.ts). */
export function pageChannel(route: SectionRoute, page: PageDefinition = route.page): MonitorChannel | null {
  const channel = pageData(route.section, page).fixedParams?.channel;
  return MONITOR_CHANNEL_KEYS.find((key) => key === channel) ?? null;
}

/** The section's page of `channel` of one kind (its certificate page, its task form), for a row listed elsewhere (dataResults). */
export function channelPage(route: SectionRoute, channel: MonitorChannel, isKind: (page: PageDefinition) => boolean): PageDefinition | undefined {
  return route.section.pages.find((page) => isKind(page) && pageChannel(route, page) === channel);
}

/** A section's page by its spec path (dataResults, dataTask), if it has one. */
export function sectionPage(route: SectionRoute, path: string): PageDefinition | undefined {
  return route.section.pages.find((page) => page.path === path);
}
