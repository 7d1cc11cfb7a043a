import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeField, describeFields, formatFieldValue } from "../../../src/resources/field-meta";

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

  it.each([
    [{ format: "fen" as const }, 150_000, "1,500 元"],
    [{ format: "bytes" as const }, 2048, "2 KB"],
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
