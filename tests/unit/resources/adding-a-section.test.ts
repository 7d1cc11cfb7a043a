import { describe, expect, it } from "vitest";
import { z } from "zod";
import { genericPage } from "../../../src/resources/define";
import { deriveRedirects, deriveRoutes, refineResources, sideNavigation } from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";
import type { MainSectionDefinition, SectionDefinition } from "../../../src/resources/types";
import { endpoint } from "../../../src/schema/contract";

/** The README's "Adding a section", done here: one entry plus its schema, and everything follows. */

const StampRecordSchema = z.object({
  id: z.number().meta({ title: "编号" }),
  title: z.string().meta({ title: "名称" }),
});

const STAMP_LIST = endpoint({
  method: "GET",
  path: "/evidenceSave/v2/timeStampList",
  input: z.object({}),
  datas: z.array(StampRecordSchema),
  session: "user",
  tag: "时间戳存证",
  summary: "时间戳存证列表",
});

const stamps: SectionDefinition = {
  key: "timeStamp",
  title: "时间戳存证",
  landing: "guidance",
  record: StampRecordSchema,
  columns: ["title"],
  endpoints: { list: STAMP_LIST },
  pages: [
    genericPage("guidance", "guidance", "存证指引", { nav: true }),
    genericPage("dataList", "dataList", "存证列表", { nav: true }),
    genericPage("dataList/Certificate", "certificate", "存证证书"),
  ],
};

function withSection(section: SectionDefinition) {
  return REGISTRY.map((main): MainSectionDefinition => (main.key === "evidenceSave" ? { ...main, sections: [...main.sections, section] } : main));
}

describe("adding a section to the registry", () => {
  const registry = withSection(stamps);

  it("adds its routes and the redirect of its root", () => {
    const added = deriveRoutes(registry).filter((route) => route.resource === "evidenceSave/timeStamp");
    expect(added.map((route) => route.path)).toEqual([
      "/evidenceSave/timeStamp/guidance",
      "/evidenceSave/timeStamp/dataList",
      "/evidenceSave/timeStamp/dataList/Certificate",
    ]);
    expect(deriveRedirects(registry)).toContainEqual({ path: "/evidenceSave/timeStamp", to: "/evidenceSave/timeStamp/guidance" });
  });

  it("adds its group to the main section's side navigation", () => {
    const main = registry.find((entry) => entry.key === "evidenceSave")!;
    expect(sideNavigation(main).at(-1)).toMatchObject({
      label: "时间戳存证",
      resource: "evidenceSave/timeStamp",
      children: [
        { label: "存证指引", to: "/evidenceSave/timeStamp/guidance" },
        { label: "存证列表", to: "/evidenceSave/timeStamp/dataList" },
      ],
    });
  });

  it("adds its refine resource with its endpoints", () => {
    expect(refineResources(registry).find((resource) => resource.name === "evidenceSave/timeStamp")).toMatchObject({
      list: "/evidenceSave/timeStamp/dataList",
      show: "/evidenceSave/timeStamp/dataList/Certificate",
      meta: { label: "时间戳存证", parent: "evidenceSave", endpoints: { list: STAMP_LIST } },
    });
  });

  it("leaves the real registry as it was", () => {
    expect(deriveRoutes(REGISTRY).some((route) => route.resource === "evidenceSave/timeStamp")).toBe(false);
  });
});
