import { describe, expect, it } from "vitest";
import { APP_PATHS } from "../../../src/app/path-rules";
import { consoleMenu } from "../../../src/components/console-shell/console-menu";
import { CONSOLE_REGISTRY } from "../../../src/resources/console/registry";
import { customPage, genericPage } from "../../../src/resources/define";
import {
  deriveRedirects,
  deriveRoutes,
  guidanceActionPath,
  mainLandingPath,
  mainNavigation,
  refineResources,
  registryPathIn,
  sectionPermissions,
  sectionTabs,
  sideNavigation,
  siblingPath,
} from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";
import type { MainSectionDefinition, Registry } from "../../../src/resources/types";
import { CONSOLE_PERMISSIONS, permissionsOf } from "../../../src/schema/console/permissions";

const BASE = APP_PATHS.console;
const noPage = async () => ({ default: () => null });

/** A console registry as other issues fill it in. */
const review: MainSectionDefinition = {
  key: "review",
  title: "审核",
  sideNav: "links",
  sections: [
    {
      key: "exampleReview",
      title: "认证审核",
      permission: "identity.review",
      landing: "dataList",
      pages: [genericPage("dataList", "dataList", "待审核申请", { nav: true }), genericPage("dataList/detail", "detail", "申请详情"), customPage("history", "审核记录", noPage, { nav: true })],
    },
  ],
};
const platform: MainSectionDefinition = {
  key: "platform",
  title: "平台",
  sideNav: "links",
  sections: [
    { key: "exampleHealth", title: "运行状态", permission: "platform.health", landing: "", pages: [customPage("", "运行状态", noPage)] },
    { key: "exampleOperators", title: "操作员管理", permission: "operators.manage", landing: "", pages: [customPage("", "操作员管理", noPage)] },
  ],
};
const empty: MainSectionDefinition = { key: "content", title: "内容", sideNav: "links", sections: [] };
const registry: Registry = [review, empty, platform];

describe("the console registry", () => {
  it("has the five main sections other issues add their sections to", () => {
    expect(CONSOLE_REGISTRY.map((main) => [main.key, main.title])).toEqual([
      ["review", "审核"],
      ["customers", "客户"],
      ["finance", "财务"],
      ["content", "内容"],
      ["platform", "平台"],
    ]);
  });

  it("names a permission for every section, since a console page is never open to every operator by accident", () => {
    for (const main of CONSOLE_REGISTRY) for (const section of main.sections) expect(Object.keys(CONSOLE_PERMISSIONS), `${main.key}/${section.key}`).toContain(section.permission);
  });

  it("routes nothing outside /console, and nothing the customer registry routes", () => {
    const customer = new Set([...deriveRoutes(REGISTRY), ...deriveRedirects(REGISTRY)].map((entry) => entry.path));
    for (const { path } of [...deriveRoutes(CONSOLE_REGISTRY, BASE), ...deriveRedirects(CONSOLE_REGISTRY, BASE)]) {
      expect(path.startsWith(`${BASE}/`), path).toBe(true);
      expect(customer.has(path), path).toBe(false);
      expect(path === APP_PATHS.consoleLogin, path).toBe(false);
    }
  });
});

describe("a registry mounted at /console", () => {
  it("routes every page below the base, with the section's resource and permission", () => {
    const routes = deriveRoutes(registry, BASE);
    expect(routes.map((route) => [route.path, route.resource, route.base, route.section.permission])).toEqual([
      ["/console/review/exampleReview/dataList", "console/review/exampleReview", BASE, "identity.review"],
      ["/console/review/exampleReview/dataList/detail", "console/review/exampleReview", BASE, "identity.review"],
      ["/console/review/exampleReview/history", "console/review/exampleReview", BASE, "identity.review"],
      ["/console/platform/exampleHealth", "console/platform/exampleHealth", BASE, "platform.health"],
      ["/console/platform/exampleOperators", "console/platform/exampleOperators", BASE, "operators.manage"],
    ]);
  });

  it("leads main-section and section roots on to their landings; an empty main section has none", () => {
    expect(deriveRedirects(registry, BASE).map(({ path, to }) => ({ path, to }))).toEqual([
      // The test registry's main section shares its key with the real one, whose root the path-literal test guards.
      { path: `${BASE}/review`, to: "/console/review/exampleReview/dataList" },
      { path: "/console/review/exampleReview", to: "/console/review/exampleReview/dataList" },
      { path: `${BASE}/platform`, to: "/console/platform/exampleHealth" },
    ]);
  });

  it("leads an operator from a main section's root to the first section their roles allow", () => {
    const platformRoot = deriveRedirects(registry, BASE).find((redirect) => redirect.path === `${BASE}/platform`)!;
    const { definition, base } = platformRoot.main!;
    expect(mainLandingPath(definition, { permissions: ["operators.manage"] }, base)).toBe("/console/platform/exampleOperators");
    expect(mainLandingPath(definition, { permissions: permissionsOf(["administrator"]) }, base)).toBe("/console/platform/exampleHealth");
    expect(mainLandingPath(definition, { permissions: ["content.edit"] }, base)).toBeUndefined();
  });

  it("derives a page's own links below the base", () => {
    const [list] = deriveRoutes(registry, BASE);
    expect(siblingPath(list, "dataList/detail")).toBe("/console/review/exampleReview/dataList/detail");
    expect(guidanceActionPath(list, "history")).toBe("/console/review/exampleReview/history");
    expect(sectionTabs(list).map((tab) => tab.to)).toEqual(["/console/review/exampleReview/dataList", "/console/review/exampleReview/history"]);
    expect(registryPathIn(registry, "platform/exampleOperators", "", BASE)).toBe("/console/platform/exampleOperators");
    expect(() => registryPathIn(registry, "platform/nothing", "", BASE)).toThrow("/console/platform/nothing");
  });

  it("gives refine one resource per main section and section, named below the base, with the permission", () => {
    expect(refineResources(registry, BASE).find((resource) => resource.name === "console/platform/exampleOperators")).toMatchObject({
      meta: { label: "操作员管理", parent: "console/platform", permission: "operators.manage" },
    });
    expect(refineResources(registry, BASE).map((resource) => resource.name)).toContain("console/content");
    expect(sectionPermissions(registry, BASE)).toEqual(
      new Map([
        ["console/review/exampleReview", "identity.review"],
        ["console/platform/exampleHealth", "platform.health"],
        ["console/platform/exampleOperators", "operators.manage"],
      ]),
    );
  });

  it("shows an operator only the sections their roles allow, and no main section left empty", () => {
    const reviewer = { permissions: permissionsOf(["identityReviewer"]) };
    expect(mainNavigation(registry, reviewer, BASE)).toEqual([{ key: "review", label: "审核", to: "/console/review/exampleReview/dataList" }]);
    expect(sideNavigation(platform, reviewer, BASE)).toEqual([]);
    const administrator = { permissions: permissionsOf(["administrator"]) };
    expect(mainNavigation(registry, administrator, BASE).map((item) => item.key)).toEqual(["review", "platform"]);
    expect(sideNavigation(platform, administrator, BASE).map((entry) => [entry.label, entry.to])).toEqual([
      ["运行状态", "/console/platform/exampleHealth"],
      ["操作员管理", "/console/platform/exampleOperators"],
    ]);
  });

  it("builds the console's menu from the same rule: groups per main section, links to the sections' landings", () => {
    const menu = consoleMenu(registry, permissionsOf(["identityReviewer"]));
    expect(menu.map((group) => [group.name, group.children?.map((item) => [item.name, item.to])])).toEqual([["审核", [["认证审核", "/console/review/exampleReview/dataList"]]]]);
    expect(consoleMenu(registry, [])).toEqual([]);
  });

  it("leaves the customer registry where it was: at the site root, filtered by no permission", () => {
    const routes = deriveRoutes(REGISTRY);
    expect(routes.every((route) => route.base === "/" && !route.path.startsWith(BASE) && !route.resource.startsWith("console"))).toBe(true);
    expect(mainNavigation(REGISTRY, { permissions: [] })).toEqual(mainNavigation(REGISTRY));
  });
});
