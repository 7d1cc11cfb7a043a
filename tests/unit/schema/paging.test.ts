import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  normalisePageNumber,
  PAGE_SIZE_OPTIONS,
  pagePSchema,
  pageQuerySchema,
  PageQuerySchema,
} from "../../../src/schema/paging";
import { issuesOf } from "./first-issue";

describe("page sizes", () => {
  it("offers the spec's sizes with 10 as default", () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 30, 50, 100, 150, 200]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });
});

describe("pagePSchema", () => {
  const schema = pagePSchema(z.object({ title: z.string() }));

  it("accepts a page of items", () => {
    const page = { list: [{ title: "a" }], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 };
    expect(schema.parse(page)).toEqual(page);
  });

  it("checks the items with the given schema", () => {
    const page = { list: [{ title: 1 }], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 };
    expect(schema.safeParse(page).error?.issues[0].path).toEqual(["list", 0, "title"]);
  });
});

describe("PageQuerySchema", () => {
  it.each([
    [{}, { pageNumber: 1, pageSize: 10 }],
    [{ pageNumber: "3", pageSize: "50" }, { pageNumber: 3, pageSize: 50 }],
    [{ pageNumber: 2, pageSize: 200 }, { pageNumber: 2, pageSize: 200 }],
  ])("%j → %j", (query, parsed) => {
    expect(PageQuerySchema.parse(query)).toEqual(parsed);
  });

  it.each([
    [{ pageNumber: "0" }, ["pageNumber: 页码必须为正整数"]],
    [{ pageNumber: "1.5" }, ["pageNumber: 页码必须为正整数"]],
    [{ pageNumber: "abc" }, ["pageNumber: 页码必须为正整数"]],
    [{ pageSize: "20" }, ["pageSize: 每页条数只能为10、30、50、100、150、200"]],
    [{ pageSize: "x" }, ["pageSize: 每页条数只能为10、30、50、100、150、200"]],
  ])("%j → %j", (query, issues) => {
    expect(issuesOf(PageQuerySchema, query)).toEqual(issues);
  });

  it("lets a compact list use its own size", () => {
    expect(pageQuerySchema([4], 4).parse({})).toEqual({ pageNumber: 1, pageSize: 4 });
    expect(issuesOf(pageQuerySchema([4], 4), { pageSize: "10" })).toEqual(["pageSize: 每页条数只能为4"]);
  });
});

describe("normalisePageNumber", () => {
  it.each([
    ["1", 5, 1],
    ["5", 5, 5],
    [3, 5, 3],
    ["6", 5, null],
    ["0", 5, null],
    ["-1", 5, null],
    ["2.5", 5, null],
    [2.5, 5, null],
    ["", 5, null],
    [" 2", 5, null],
    ["abc", 5, null],
    [undefined, 5, null],
    [null, 5, null],
    ["1", 0, null],
  ])("%j of %i pages → %s", (raw, totalPage, expected) => {
    expect(normalisePageNumber(raw, totalPage)).toBe(expected);
  });
});
