import type { ResourceProps } from "@refinedev/core";
import type { ComponentType } from "react";
import type { MainSectionDefinition, PageDefinition, Registry, SectionDefinition, SectionRoute } from "./types";

// Pages and page kinds import these two from here, beside the helpers that work on them.
export type { SectionPageProps, SectionRoute } from "./types";

/**
 * Everything the app needs from the registry, as pure functions of it: the routes, the redirects,
 * the main and side navigation, refine's resources. Nothing here reads the browser or the session;
 * callers pass what they know (for example whether the user is a sub-account).
 */

/** Full path of another page of the same section ("dataList/Certificate"), if the section has it. */
export function siblingPath(route: Pick<SectionRoute, "main" | "section">, pagePathBelowSection: string): string | undefined {
  const page = route.section.pages.find((candidate) => candidate.path === pagePathBelowSection);
  return page && pagePath(route.main, route.section, page);
}

export interface SectionRedirect {
  path: string;
  to: string;
  /** Where a sub-account goes instead (spec §6). */
  subAccountTo?: string;
}

export interface MainNavItem {
  key: string;
  label: string;
  to: string;
}

export interface SideNavLink {
  key: string;
  label: string;
  to: string;
  resource: string;
  icon?: ComponentType;
}

export interface SideNavGroup {
  key: string;
  label: string;
  /** The section's landing (the first child's page for an extra group). */
  to: string;
  resource: string;
  icon?: ComponentType;
  children: SideNavLink[];
}

export type SideNavEntry = SideNavLink | SideNavGroup;

export interface ViewerOptions {
  isSubAccount?: boolean;
}

export const joinPath = (...segments: string[]) => `/${segments.filter((segment) => segment !== "").join("/")}`;

export const sectionResource = (main: MainSectionDefinition, section: SectionDefinition) => `${main.key}/${section.key}`;

export const pagePath = (main: MainSectionDefinition, section: SectionDefinition, page: Pick<PageDefinition, "path">) =>
  joinPath(main.key, section.key, page.path);

/** Where the section's root leads; a sub-account may be sent elsewhere (spec §6). */
export function sectionLandingPath(main: MainSectionDefinition, section: SectionDefinition, viewer: ViewerOptions = {}): string {
  const landing = viewer.isSubAccount && section.subAccountLanding !== undefined ? section.subAccountLanding : section.landing;
  return joinPath(main.key, section.key, landing);
}

/** A main section's root leads straight to its first section's landing, without a second hop. */
export function mainLandingPath(main: MainSectionDefinition, viewer: ViewerOptions = {}): string {
  return sectionLandingPath(main, main.sections[0], viewer);
}

export function deriveRoutes(registry: Registry): SectionRoute[] {
  return registry.flatMap((main) =>
    main.sections.flatMap((section) =>
      section.pages.map((page) => ({ path: pagePath(main, section, page), resource: sectionResource(main, section), main, section, page })),
    ),
  );
}

export function deriveRedirects(registry: Registry): SectionRedirect[] {
  return registry.flatMap((main) => {
    const mainRedirect = withSubAccountTarget({ path: joinPath(main.key), to: mainLandingPath(main) }, mainLandingPath(main, { isSubAccount: true }));
    const sectionRedirects = main.sections
      .filter((section) => section.landing !== "")
      .map((section) =>
        withSubAccountTarget(
          { path: joinPath(main.key, section.key), to: sectionLandingPath(main, section) },
          sectionLandingPath(main, section, { isSubAccount: true }),
        ),
      );
    return [mainRedirect, ...sectionRedirects];
  });
}

function withSubAccountTarget(redirect: SectionRedirect, subAccountTo: string): SectionRedirect {
  return subAccountTo === redirect.to ? redirect : { ...redirect, subAccountTo };
}

/** The main navigation (spec §2): every main section but those hidden from it (personal). */
export function mainNavigation(registry: Registry, viewer: ViewerOptions = {}): MainNavItem[] {
  return registry
    .filter((main) => !main.isHiddenFromMainNav)
    .map((main) => ({ key: main.key, label: main.title, to: mainLandingPath(main, viewer) }));
}

export function findMainSection(registry: Registry, pathname: string): MainSectionDefinition | undefined {
  return registry.find((main) => isAtOrBelow(pathname, joinPath(main.key)));
}

/** The label a section goes by on screen: the side navigation's wording where the spec renames it. */
export const sectionLabel = (section: SectionDefinition) => section.navLabel ?? section.title;

/**
 * The side navigation of one main section (spec §2): a group per section with its navigable
 * pages, then the main section's extra groups; or, for "links" sections, one link per section.
 * Every entry names its section's resource so the access-control provider can hide it (spec §6).
 */
export function sideNavigation(main: MainSectionDefinition, viewer: ViewerOptions = {}): SideNavEntry[] {
  if (main.sideNav === "links") {
    return main.sections.map((section) => sectionLink(main, section, viewer));
  }
  const sectionGroups = main.sections.map((section): SideNavEntry => {
    const children = navPages(section, (page) => page.navGroup === undefined).map((page) => pageLink(main, section, page));
    return children.length === 0 ? sectionLink(main, section, viewer) : { ...sectionLink(main, section, viewer), children };
  });
  const extraGroups = (main.navGroups ?? []).flatMap((group): SideNavGroup[] => {
    const children = main.sections.flatMap((section) =>
      navPages(section, (page) => page.navGroup === group.key).map((page) => pageLink(main, section, page)),
    );
    return children.length === 0
      ? []
      : [{ key: `${main.key}:${group.key}`, label: group.label, to: children[0].to, resource: children[0].resource, children }];
  });
  return [...sectionGroups, ...extraGroups];
}

/** A section's navigable pages outside any extra group: the tabs of a "links" section's generic pages. */
export function sectionTabs(main: MainSectionDefinition, section: SectionDefinition): SideNavLink[] {
  return navPages(section, (page) => page.navGroup === undefined).map((page) => pageLink(main, section, page));
}

export const isSideNavGroup = (entry: SideNavEntry): entry is SideNavGroup => "children" in entry;

/**
 * Which entry to highlight and which group to open for a path: the navigable page the path is at
 * or below (the longest match, so a certificate marks its list), else its section.
 */
export function activeSideNav(entries: readonly SideNavEntry[], pathname: string): { selected?: string; open?: string } {
  // A group's links match their own page and what lies below it; a plain link stands for its whole section.
  const candidates = entries.flatMap((entry): { key: string; group?: string; target: string }[] =>
    isSideNavGroup(entry)
      ? entry.children.map((link) => ({ key: link.key, group: entry.key, target: link.to }))
      : [{ key: entry.key, target: joinPath(entry.resource) }],
  );
  const best = candidates
    .filter((candidate) => isAtOrBelow(pathname, candidate.target))
    .sort((a, b) => b.target.length - a.target.length)[0];
  if (best) return { selected: best.key, open: best.group };
  const section = entries.find((entry) => isSideNavGroup(entry) && isAtOrBelow(pathname, joinPath(entry.resource)));
  return { open: section?.key };
}

/** refine's resources: one per main section, one per section beneath it with its pages and endpoints. */
export function refineResources(registry: Registry): ResourceProps[] {
  return registry.flatMap((main) => [
    { name: main.key, meta: { label: main.title } },
    ...main.sections.map((section) => {
      const pathOfKind = (kind: PageDefinition["kind"]) => {
        const page = section.pages.find((candidate) => candidate.kind === kind || (candidate.kind === "custom" && candidate.standsFor === kind));
        return page ? pagePath(main, section, page) : undefined;
      };
      return {
        name: sectionResource(main, section),
        list: pathOfKind("dataList"),
        create: pathOfKind("new"),
        show: pathOfKind("certificate") ?? pathOfKind("detail"),
        meta: {
          label: sectionLabel(section),
          parent: main.key,
          ...(section.endpoints ? { endpoints: section.endpoints } : {}),
          ...(section.idParam ? { idParam: section.idParam } : {}),
        },
      };
    }),
  ]);
}

/** Which text of the main section's guidance module a guidance page shows. */
export const guidanceKeyOf = (section: SectionDefinition, page: PageDefinition) =>
  (page.kind !== "custom" && page.guidanceKey) || `${section.key}/${page.path}`;

function navPages(section: SectionDefinition, keep: (page: PageDefinition) => boolean): PageDefinition[] {
  return section.pages.filter((page) => page.navLabel !== undefined && keep(page));
}

function sectionLink(main: MainSectionDefinition, section: SectionDefinition, viewer: ViewerOptions): SideNavLink {
  const resource = sectionResource(main, section);
  return { key: resource, label: sectionLabel(section), to: sectionLandingPath(main, section, viewer), resource, ...(section.icon ? { icon: section.icon } : {}) };
}

function pageLink(main: MainSectionDefinition, section: SectionDefinition, page: PageDefinition): SideNavLink {
  const path = pagePath(main, section, page);
  return { key: path, label: page.navLabel ?? page.title, to: path, resource: sectionResource(main, section) };
}

function isAtOrBelow(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
