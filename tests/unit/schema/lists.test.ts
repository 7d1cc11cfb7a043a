import { describe, expect, it } from "vitest";
import {
  EVIDENCE_TYPES,
  EvidenceTypeIdSchema,
  evidenceTypeName,
  INDUSTRIES,
  IndustryIdSchema,
  industryName,
  INSTITUTION_TYPES,
  InstitutionTypeIdSchema,
  institutionTypeName,
} from "../../../src/schema/lists";
import { firstMessage } from "./first-issue";

describe("code lists", () => {
  it.each([
    ["industries", INDUSTRIES, 30],
    ["institution types", INSTITUTION_TYPES, 5],
    ["evidence types", EVIDENCE_TYPES, 4],
  ] as const)("%s have ids 1..%i in order with distinct names", (_label, list, count) => {
    expect(list.map((item) => item.id)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    expect(new Set(list.map((item) => item.name)).size).toBe(count);
  });

  it.each([
    [industryName, 1, "销售/贸易"],
    [industryName, 4, "律师"],
    [industryName, 20, "IT/通信"],
    [industryName, 28, "非营利组织/协会"],
    [industryName, 30, "其他"],
    [industryName, 31, undefined],
    [institutionTypeName, 1, "普通企业"],
    [institutionTypeName, 2, "律师事务所"],
    [institutionTypeName, 5, "其他非营利组织"],
    [evidenceTypeName, 1, "录屏"],
    [evidenceTypeName, 2, "快照"],
    [evidenceTypeName, 3, "手机录屏"],
    [evidenceTypeName, 4, "过程取证"],
  ])("%o(%i) → %s", (nameOf, id, name) => {
    expect(nameOf(id)).toBe(name);
  });

  it.each([
    [IndustryIdSchema, 30, null],
    [IndustryIdSchema, 0, "请选择所属行业"],
    [IndustryIdSchema, "1", "请选择所属行业"],
    [InstitutionTypeIdSchema, 5, null],
    [InstitutionTypeIdSchema, 6, "请选择机构类型"],
    [EvidenceTypeIdSchema, 4, null],
    [EvidenceTypeIdSchema, undefined, "请选择证据类型"],
  ])("%#: %j → %s", (schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });
});
