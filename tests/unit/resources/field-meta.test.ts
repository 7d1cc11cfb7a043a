import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeField, describeFields, describeFilters, formatFieldValue } from "../../../src/resources/field-meta";

const Record = z.object({
  title: z.string().meta({ title: "名称" }),
  note: z.string().optional().meta({ title: "备注", widget: "textarea" }),
  inner: z.string().meta({ title: "内层" }).nullable(),
  amount: z.number().meta({ title: "金额", format: "fen" }),
  status: z.enum(["a", "b"]).meta({ title: "状态", labels: { a: "甲" } }),
  bare: z.string(),
});

describe("field metadata on zod schemas", () => {
  it("reads labels, widgets and whether a field is required, through optional and nullable wrappers", () => {
    expect(describeFields(Record).map((field) => [field.name, field.label, field.widget, field.isRequired])).toEqual([
      ["title", "名称", "input", true],
      ["note", "备注", "textarea", false],
      ["inner", "内层", "input", false],
      ["amount", "金额", "input", true],
      ["status", "状态", "input", true],
      ["bare", "bare", "input", true],
    ]);
  });

  it("keeps the order of the names it is given", () => {
    expect(describeFields(Record, ["status", "title"]).map((field) => field.name)).toEqual(["status", "title"]);
  });

  it("lists an enum's values with their labels, or the value itself", () => {
    expect(describeField("status", Record.shape.status).options).toEqual([
      { value: "a", label: "甲" },
      { value: "b", label: "b" },
    ]);
  });

  it("offers a list of enum values as a multiple choice, with each value's hint, and shows a list by its labels", () => {
    const roles = describeField("roles", z.array(z.enum(["admin", "editor"])).meta({ title: "角色", labels: { admin: "管理员", editor: "编辑" }, hints: { admin: "全部权限" } }));
    expect(roles.isMultiple).toBe(true);
    expect(roles.options).toEqual([
      { value: "admin", label: "管理员", hint: "全部权限" },
      { value: "editor", label: "编辑" },
    ]);
    expect(formatFieldValue(roles, ["editor", "admin", "other"])).toBe("编辑、管理员、other");
  });

  it("offers the labelled names of an open set of strings (an audit action) as choices, and shows them by label", () => {
    const action = describeField("action", z.string().meta({ title: "操作", labels: { "operator.create": "创建操作员" } }));
    expect(action.options).toEqual([{ value: "operator.create", label: "创建操作员" }]);
    expect(action.isMultiple).toBeUndefined();
    expect(formatFieldValue(action, "operator.create")).toBe("创建操作员");
    expect(formatFieldValue(action, "banner.publish")).toBe("banner.publish");
  });

  it.each([
    [{ format: "fen" as const }, 150_000, "1,500 元"],
    [{ format: "money" as const }, 150_000, "1,500.00 元"],
    [{ format: "money" as const }, -1_250, "-12.50 元"],
    [{ format: "bytes" as const }, 2048, "2 KB"],
    [{ format: "durationMs" as const }, 65_400, "1分5秒"],
    [{ format: "datetime" as const }, Date.UTC(2024, 0, 5, 2, 30), "2024-01-05 10:30:00"],
    [{ format: "text" as const }, 42, "42"],
    [{ format: "text" as const }, null, ""],
    [{ format: "text" as const, options: [{ value: "a", label: "甲" }] }, "a", "甲"],
    [{ format: "text" as const }, true, "是"],
    [
      { format: "text" as const, entries: { labels: { name: "名称", at: "时间", files: "附件", size: "大小" }, formats: { at: "datetime" as const, size: "bytes" as const } } },
      { name: "合同", code: "x1", at: Date.UTC(2024, 0, 5, 2, 30), empty: null, files: [{ name: "a.pdf", size: 2048 }] },
      "名称：合同\n时间：2024-01-05 10:30:00\n附件 · 名称：a.pdf\n附件 · 大小：2 KB",
    ],
  ])("formats %o %s as %s", (field, value, expected) => {
    expect(formatFieldValue(field, value)).toBe(expected);
  });
});

describe("cell hints and yes/no labels", () => {
  it("reads a field's cell hints, and nothing where it has none", () => {
    const Cells = z.object({
      no: z.string().meta({ title: "编号", copyable: true, mono: true }),
      name: z.string().meta({ title: "名称", ellipsis: true, empty: "—" }),
      state: z.enum(["on", "off"]).meta({ title: "状态", colors: { on: "success", off: "default" } }),
      plain: z.string().meta({ title: "其他" }),
    });
    expect(describeFields(Cells).map((field) => field.display)).toEqual([
      { copyable: true, mono: true },
      { ellipsis: true, empty: "—" },
      { colors: { on: "success", off: "default" } },
      {},
    ]);
  });

  it("names a yes/no fact's answers where its metadata does", () => {
    const changed = describeField("changed", z.boolean().meta({ title: "初始密码", labels: { true: "未修改", false: "已修改" } }));
    expect([formatFieldValue(changed, true), formatFieldValue(changed, false)]).toEqual(["未修改", "已修改"]);
  });
});

describe("a list's filters from its query schema", () => {
  const Query = z.object({
    pageNumber: z.number(),
    keyName: z.string().trim().max(30).optional().meta({ title: "名称", placeholder: "输入名称", width: 200 }),
    kind: z.enum(["a", "b"]).optional().meta({ title: "类型", labels: { a: "甲", b: "乙" } }),
    startTime: z.string().optional().meta({ title: "存证时间" }),
    endTime: z.string().optional(),
  });

  it.each([
    ["keyName", { kind: "keyword", field: "keyName", label: "名称", placeholder: "输入名称", maxLength: 30, width: 200 }],
    ["kind", { kind: "select", field: "kind", label: "类型", placeholder: "全部类型", options: [{ value: "a", label: "甲" }, { value: "b", label: "乙" }] }],
    [["startTime", "endTime"] as const, { kind: "dateRange", start: "startTime", stop: "endTime", label: "存证时间" }],
  ] as const)("%o becomes %o", (spec, filter) => {
    expect(describeFilters(Query, [spec])).toEqual([filter]);
  });
});
