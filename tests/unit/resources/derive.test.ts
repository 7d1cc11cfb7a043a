import { describe, expect, it } from "vitest";
import {
  activeSideNav,
  deriveRedirects,
  findMainSection,
  isSideNavGroup,
  mainNavigation,
  refineResources,
  sideNavigation,
  type SideNavEntry,
} from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";
import { registryPath } from "../../../src/resources/registry-paths";
import type { MainSectionDefinition } from "../../../src/resources/types";

const PICTURE_MONITOR_LIST = registryPath("monitor/picture", "dataList");

const main = (key: string): MainSectionDefinition => REGISTRY.find((candidate) => candidate.key === key)!;
const labelsAndTargets = (entries: SideNavEntry[]) => entries.map((entry) => [entry.label, entry.to]);

describe("main navigation (spec §2)", () => {
  it("lists the main sections in the spec's order without the personal centre, each leading to its first landing", () => {
    expect(mainNavigation(REGISTRY).map((item) => [item.key, item.to])).toEqual([
      ["evidenceSave", registryPath("evidenceSave/fileEvidence", "guidance")],
      ["evidenceTaken", registryPath("evidenceTaken/totalEvidenceTaken", "dataList")],
      ["evidences", registryPath("evidences/dataList")],
      ["judicial", registryPath("judicial/notarization", "guidance")],
      ["lawService", registryPath("lawService/wsLawyer", "guidance")],
      ["monitor", registryPath("monitor/rights", "guidance")],
      ["rights", registryPath("rights/file", "guidance")],
    ]);
  });

  it.each([
    [registryPath("monitor/text", "ystwnew"), "monitor"],
    [registryPath("personal"), "personal"],
    ["/evidencesX", undefined],
    ["/index", undefined],
  ])("finds the main section of %s: %s", (pathname, expected) => {
    expect(findMainSection(REGISTRY, pathname)?.key).toBe(expected);
  });
});

describe("the personal centre's side navigation", () => {
  it("is one link per section in the spec's order, each leading to its default page", () => {
    expect(labelsAndTargets(sideNavigation(main("personal")))).toEqual([
      ["运营面板", registryPath("personal/operationPanel")],
      ["账号管理", registryPath("personal/accountManagement")],
      ["子账号管理", registryPath("personal/childAccountManagement", "dataList")],
      ["安全中心", registryPath("personal/securityCenter", "authentication")],
      ["费用中心", registryPath("personal/expenseCenter", "onlineCharge")],
      ["发票管理", registryPath("personal/invoiceAdmin", "invoicetoRecord")],
    ]);
  });

  it("names each link's resource, which the access-control provider judges (spec §6)", () => {
    expect(sideNavigation(main("personal")).map((entry) => entry.resource)).toContain("personal/invoiceAdmin");
  });

  it("sends a sub-account's expense centre to its expense record (spec §6), in the navigation and the redirect", () => {
    expect(sideNavigation(main("personal"), { isSubAccount: true }).find((entry) => entry.label === "费用中心")?.to).toBe(
      registryPath("personal/expenseCenter", "expenseRecord"),
    );
    expect(deriveRedirects(REGISTRY).find((redirect) => redirect.path === registryPath("personal/expenseCenter"))).toEqual({
      path: registryPath("personal/expenseCenter"),
      to: registryPath("personal/expenseCenter", "onlineCharge"),
      subAccountTo: registryPath("personal/expenseCenter", "expenseRecord"),
    });
  });

  it.each([
    [registryPath("personal/operationPanel"), "personal/operationPanel"],
    [registryPath("personal/securityCenter", "bindMobile"), "personal/securityCenter"],
    [registryPath("personal/invoiceAdmin", "invoiceDetail"), "personal/invoiceAdmin"],
    ["/personal/expenseCenterX", undefined],
    ["/index", undefined],
  ])("marks %s as part of %s", (pathname, expected) => {
    expect(activeSideNav(sideNavigation(main("personal")), pathname).selected).toBe(expected);
  });
});

describe("the monitoring side navigation (spec §2)", () => {
  const entries = sideNavigation(main("monitor"));

  it("has a group per kind, renaming audio and text, then the radio, literature and short-video groups", () => {
    expect(entries.map((entry) => entry.label)).toEqual([
      "权属数据监测",
      "信息监测",
      "图片监测",
      "音乐监测",
      "视频监测",
      "舆情监测",
      "电商监测",
      "商标监测",
      "电台监测",
      "文学监测",
      "短视频监测",
    ]);
    expect(entries.every(isSideNavGroup)).toBe(true);
  });

  it("lists guidance, new, dataList and dataChart under a kind", () => {
    const picture = entries.find((entry) => entry.label === "图片监测");
    expect(picture && isSideNavGroup(picture) && labelsAndTargets(picture.children)).toEqual([
      ["监测指引", registryPath("monitor/picture", "guidance")],
      ["新建监测", registryPath("monitor/picture", "new")],
      ["监测列表", PICTURE_MONITOR_LIST],
      ["数据图表", registryPath("monitor/picture", "dataChart")],
    ]);
  });

  it("puts the fm pages in the radio group and keeps them out of music monitoring", () => {
    const radio = entries.find((entry) => entry.label === "电台监测");
    const music = entries.find((entry) => entry.label === "音乐监测");
    expect(radio && isSideNavGroup(radio) && radio.children.map((link) => link.to)).toEqual([
      registryPath("monitor/audio", "fmguidance"),
      registryPath("monitor/audio", "fmnew"),
      registryPath("monitor/audio", "fmdataList"),
    ]);
    expect(radio?.resource).toBe("monitor/audio");
    expect(music && isSideNavGroup(music) && music.children.some((link) => link.to.includes("/fm"))).toBe(false);
  });

  it.each([
    [PICTURE_MONITOR_LIST, PICTURE_MONITOR_LIST, "monitor/picture"],
    // A certificate marks the list it belongs to.
    [registryPath("monitor/picture", "dataList/Certificate"), PICTURE_MONITOR_LIST, "monitor/picture"],
    [registryPath("monitor/text", "ystwdataList"), registryPath("monitor/text", "ystwdataList"), "monitor/text"],
    [registryPath("monitor/audio", "fmdataList/Certificate"), registryPath("monitor/audio", "fmdataList"), "monitor:radio"],
    // A page outside the navigation opens its section without marking a link.
    [registryPath("monitor/video", "dataAnalysis"), undefined, "monitor/video"],
  ])("at %s marks %s in %s", (pathname, selected, open) => {
    expect(activeSideNav(entries, pathname)).toEqual({ selected, open });
  });
});

describe("refine resources", () => {
  const resources = refineResources(REGISTRY);

  it("has each main section and each section below it, with its list, create and show pages", () => {
    expect(resources.find((resource) => resource.name === "monitor")).toEqual({ name: "monitor", meta: { label: "全网监测" } });
    expect(resources.find((resource) => resource.name === "rights/web")).toMatchObject({
      list: registryPath("rights/web", "dataList"),
      create: registryPath("rights/web", "new"),
      show: registryPath("rights/web", "dataList/Certificate"),
      meta: { label: "网页确权", parent: "rights" },
    });
    expect(resources.find((resource) => resource.name === "monitor/audio")?.meta?.label).toBe("音乐监测");
  });

  it("has one resource per section plus one per main section", () => {
    const sectionCount = REGISTRY.reduce((sum, entry) => sum + entry.sections.length, 0);
    expect(resources).toHaveLength(sectionCount + REGISTRY.length);
  });
});
