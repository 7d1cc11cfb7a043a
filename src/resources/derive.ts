import type { ResourceProps } from "@refinedev/core";
import type { ComponentType } from "react";
import type { ConsolePermission } from "../schema/console/permissions";
import type { MainSectionDefinition, PageDefinition, Registry, RegistryBase, SectionDefinition, SectionPlace, SectionRoute } from "./types";

// Pages and page kinds import these from here, beside the helpers that work on them.
export type { SectionPageProps, SectionPlace, SectionRoute } from "./types";

/**
 * Everything the app needs from a registry, as pure functions of it: the routes, the redirects,
 * the main and side navigation, refine's resources. Nothing here reads the browser or the session;
 * callers pass what they know (whether the user is a sub-account, what an operator may do).
 *
 * A registry is mounted at a base path, the last parameter of the functions taking a registry or a
 * main section: "/" (the default) for the customer registry, "/console" for the operator console.
 * Functions of one section or page take its place (a route is one), which carries the base.
 */

/** The customer registry's base: spec §2's paths start at the site root. */
export const ROOT_BASE: RegistryBase = "/";

/** Full path of another page of the same section ("dataList/Certificate"), if the section has it. */
export function siblingPath(place: SectionPlace, pagePathBelowSection: string): string | undefined {
  const page = place.section.pages.find((candidate) => candidate.path === pagePathBelowSection);
  return page && pagePath(place, page);
}

/**
 * Full path of a page of the registry, or of a section's or main section's root when `page` is left
 * out: registryPathIn(REGISTRY, "personal/securityCenter", "changePassword"); `resource` is below
 * the base. For the few places that name a registry page from outside its section (the app shell,
 * the app's links, tests). A path the app does not route throws, so a renamed page fails where it
 * is named.
 */
export function registryPathIn(registry: Registry, resource: string, page = "", base: RegistryBase = ROOT_BASE): string {
  const path = joinPath(baseSegment(base), resource, page);
  if (!routedPaths(registry, base).has(path)) throw new Error(`The registry has no page at ${path}`);
  return path;
}

const routedPathsOf = new WeakMap<Registry, Map<RegistryBase, ReadonlySet<string>>>();

function routedPaths(registry: Registry, base: RegistryBase): ReadonlySet<string> {
  const byBase = routedPathsOf.get(registry) ?? new Map<RegistryBase, ReadonlySet<string>>();
  routedPathsOf.set(registry, byBase);
  let paths = byBase.get(base);
  if (!paths) {
    paths = new Set([...deriveRoutes(registry, base), ...deriveRedirects(registry, base)].map((entry) => entry.path));
    byBase.set(base, paths);
  }
  return paths;
}

/**
 * Where a guidance action leads: a page of its own section ("dataList"), a page of another section
 * of the same main section ("../judicialPay/guidance"), or a path outside the registry ("/info/…").
 */
export function guidanceActionPath({ base, main, section }: SectionPlace, to: string): string {
  if (to.startsWith("/")) return to;
  if (to.startsWith("../")) return joinPath(baseSegment(base), main.key, to.slice("../".length));
  return joinPath(baseSegment(base), main.key, section.key, to);
}

export interface SectionRedirect {
  path: string;
  to: string;
  /** Where a sub-account goes instead (spec §6). */
  subAccountTo?: string;
  /**
   * A main section's root, whose landing depends on what the viewer may see: an operator goes to
   * the first section their roles allow, never to a refusal.
   */
  main?: { definition: MainSectionDefinition; base: RegistryBase };
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
  /**
   * An operator's permissions: sections declaring a permission outside them are left out of the
   * navigation. Left out (the customer app), no section is filtered by permission.
   */
  permissions?: readonly ConsolePermission[];
}

export const joinPath = (...segments: string[]) => `/${segments.filter((segment) => segment !== "").join("/")}`;

/** The base as a path segment: "" for "/", "console" for "/console". */
const baseSegment = (base: RegistryBase) => base.replace(/^\/+|\/+$/g, "");

/** A main section's resource name: "monitor", "console/review". */
export const mainResource = (main: MainSectionDefinition, base: RegistryBase = ROOT_BASE) => joinPath(baseSegment(base), main.key).slice(1);

export const sectionResource = ({ base, main, section }: SectionPlace) => joinPath(baseSegment(base), main.key, section.key).slice(1);

export const pagePath = ({ base, main, section }: SectionPlace, page: Pick<PageDefinition, "path">) => joinPath(baseSegment(base), main.key, section.key, page.path);

/** Whether a viewer sees a section: a console section only with its permission granted. */
export function isSectionVisible(section: SectionDefinition, viewer: ViewerOptions = {}): boolean {
  return section.permission === undefined || viewer.permissions === undefined || viewer.permissions.includes(section.permission);
}

/** Where the section's root leads; a sub-account may be sent elsewhere (spec §6). */
export function sectionLandingPath(place: SectionPlace, viewer: ViewerOptions = {}): string {
  const { section } = place;
  const landing = viewer.isSubAccount && section.subAccountLanding !== undefined ? section.subAccountLanding : section.landing;
  return pagePath(place, { path: landing });
}

/**
 * A main section's root leads straight to its first section's landing (the first the viewer sees),
 * without a second hop; a main section without sections leads nowhere and is not shown.
 */
export function mainLandingPath(main: MainSectionDefinition, viewer: ViewerOptions = {}, base: RegistryBase = ROOT_BASE): string | undefined {
  const section = main.sections.find((candidate) => isSectionVisible(candidate, viewer));
  return section && sectionLandingPath({ base, main, section }, viewer);
}

export function deriveRoutes(registry: Registry, base: RegistryBase = ROOT_BASE): SectionRoute[] {
  return registry.flatMap((main) =>
    main.sections.flatMap((section) => {
      const place = { base, main, section };
      return section.pages.map((page) => ({ path: pagePath(place, page), resource: sectionResource(place), ...place, page }));
    }),
  );
}

export function deriveRedirects(registry: Registry, base: RegistryBase = ROOT_BASE): SectionRedirect[] {
  return registry.flatMap((main) => {
    const to = mainLandingPath(main, {}, base);
    if (to === undefined) return [];
    const mainRedirect = withSubAccountTarget(
      { path: joinPath(baseSegment(base), main.key), to, main: { definition: main, base } },
      mainLandingPath(main, { isSubAccount: true }, base)!,
    );
    const sectionRedirects = main.sections
      .filter((section) => section.landing !== "")
      .map((section) => {
        const place = { base, main, section };
        return withSubAccountTarget(
          { path: joinPath(baseSegment(base), main.key, section.key), to: sectionLandingPath(place) },
          sectionLandingPath(place, { isSubAccount: true }),
        );
      });
    return [mainRedirect, ...sectionRedirects];
  });
}

function withSubAccountTarget(redirect: SectionRedirect, subAccountTo: string): SectionRedirect {
  return subAccountTo === redirect.to ? redirect : { ...redirect, subAccountTo };
}

/**
 * The main navigation (spec §2): every main section but those hidden from it (personal) and those
 * with no section the viewer sees.
 */
export function mainNavigation(registry: Registry, viewer: ViewerOptions = {}, base: RegistryBase = ROOT_BASE): MainNavItem[] {
  return registry
    .filter((main) => !main.isHiddenFromMainNav)
    .flatMap((main) => {
      const to = mainLandingPath(main, viewer, base);
      return to === undefined ? [] : [{ key: main.key, label: main.title, to }];
    });
}

export function findMainSection(registry: Registry, pathname: string, base: RegistryBase = ROOT_BASE): MainSectionDefinition | undefined {
  return registry.find((main) => isAtOrBelow(pathname, joinPath(baseSegment(base), main.key)));
}

/** The label a section goes by on screen: the side navigation's wording where the spec renames it. */
export const sectionLabel = (section: SectionDefinition) => section.navLabel ?? section.title;

/**
 * The side navigation of one main section (spec §2): a group per section with its navigable
 * pages, then the main section's extra groups; or, for "links" sections, one link per section.
 * Every entry names its section's resource so the access-control provider can hide it (spec §6).
 */
export function sideNavigation(main: MainSectionDefinition, viewer: ViewerOptions = {}, base: RegistryBase = ROOT_BASE): SideNavEntry[] {
  const places = main.sections.filter((section) => isSectionVisible(section, viewer)).map((section) => ({ base, main, section }));
  if (main.sideNav === "links") {
    return places.map((place) => sectionLink(place, viewer));
  }
  const sectionGroups = places.map((place): SideNavEntry => {
    const children = navPages(place.section, (page) => page.navGroup === undefined).map((page) => pageLink(place, page));
    return children.length === 0 ? sectionLink(place, viewer) : { ...sectionLink(place, viewer), children };
  });
  const extraGroups = (main.navGroups ?? []).flatMap((group): SideNavGroup[] => {
    const children = places.flatMap((place) => navPages(place.section, (page) => page.navGroup === group.key).map((page) => pageLink(place, page)));
    return children.length === 0
      ? []
      : [{ key: `${mainResource(main, base)}:${group.key}`, label: group.label, to: children[0].to, resource: children[0].resource, children }];
  });
  return [...sectionGroups, ...extraGroups];
}

/** A section's navigable pages outside any extra group: the tabs of a "links" section's generic pages. */
export function sectionTabs(place: SectionPlace): SideNavLink[] {
  return navPages(place.section, (page) => page.navGroup === undefined).map((page) => pageLink(place, page));
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

/**
 * refine's resources: one per main section, one per section beneath it with its pages, endpoints
 * and (console sections) the permission it needs.
 */
export function refineResources(registry: Registry, base: RegistryBase = ROOT_BASE): ResourceProps[] {
  return registry.flatMap((main) => [
    { name: mainResource(main, base), meta: { label: main.title } },
    ...main.sections.map((section) => {
      const place = { base, main, section };
      const pathOfKind = (kind: PageDefinition["kind"]) => {
        const page = section.pages.find((candidate) => candidate.kind === kind || (candidate.kind === "custom" && candidate.standsFor === kind));
        return page ? pagePath(place, page) : undefined;
      };
      return {
        name: sectionResource(place),
        list: pathOfKind("dataList"),
        create: pathOfKind("new"),
        show: pathOfKind("certificate") ?? pathOfKind("detail"),
        meta: {
          label: sectionLabel(section),
          parent: mainResource(main, base),
          ...(section.endpoints ? { endpoints: section.endpoints } : {}),
          ...(section.idParam ? { idParam: section.idParam } : {}),
          ...(section.permission ? { permission: section.permission } : {}),
        },
      };
    }),
  ]);
}

/** The permission each section of a registry needs, by resource name (the access-control provider's rule). */
export function sectionPermissions(registry: Registry, base: RegistryBase = ROOT_BASE): ReadonlyMap<string, ConsolePermission> {
  return new Map(
    registry.flatMap((main) =>
      main.sections.flatMap((section) => (section.permission ? [[sectionResource({ base, main, section }), section.permission] as const] : [])),
    ),
  );
}

/** Which text of the main section's guidance module a guidance page shows. */
export const guidanceKeyOf = (section: SectionDefinition, page: PageDefinition) =>
  (page.kind !== "custom" && page.guidanceKey) || `${section.key}/${page.path}`;

function navPages(section: SectionDefinition, keep: (page: PageDefinition) => boolean): PageDefinition[] {
  return section.pages.filter((page) => page.navLabel !== undefined && keep(page));
}

function sectionLink(place: SectionPlace, viewer: ViewerOptions): SideNavLink {
  const { section } = place;
  const resource = sectionResource(place);
  return { key: resource, label: sectionLabel(section), to: sectionLandingPath(place, viewer), resource, ...(section.icon ? { icon: section.icon } : {}) };
}

function pageLink(place: SectionPlace, page: PageDefinition): SideNavLink {
  const path = pagePath(place, page);
  return { key: path, label: page.navLabel ?? page.title, to: path, resource: sectionResource(place) };
}

function isAtOrBelow(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
