import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installChineseIssueMessages, issueMessagesFor, quoteName } from "../../../src/schema/issue-messages";
import { optionalText } from "../../../src/schema/string-rule";

const CJK = /[\u4e00-\u9fff]/;

/** The first message of a parse with the route-style map (the whole schema known). */
function messageOf(schema: z.ZodType, input: unknown, names?: { whole: string; field: string }): string {
  const result = schema.safeParse(input, { error: issueMessagesFor(schema, names) });
  if (result.success) throw new Error("expected the input to be refused");
  return result.error.issues[0].message;
}

describe("zod's generic issues in Chinese, naming the field", () => {
  const form = z.object({
    name: z.string().max(5).meta({ title: "存证名称" }),
    remark: optionalText(z.string().max(3)).meta({ title: "备注" }),
    rightType: z.coerce.number().pipe(z.literal([1, 2, 3])).meta({ title: "作品类型" }),
    count: z.number().int().min(1).max(9),
    ids: z.array(z.number().int().positive()).min(1).max(2).meta({ title: "证据" }),
    mail: z.email(),
    kind: z.enum(["file", "text"]),
    either: z.union([z.string(), z.number()]),
    prefix: z.string().startsWith("hz"),
  });
  const valid = { name: "合同", rightType: "1", count: 1, ids: [1], mail: "a@b.cn", kind: "file", either: 1, prefix: "hz1" };

  it.each([
    ["a missing field, by its title", { ...valid, name: undefined }, "存证名称不能为空"],
    ["a wrong type, by its title", { ...valid, name: 7 }, "存证名称应为文本"],
    ["a string over its length", { ...valid, name: "一二三四五六" }, "存证名称不能超过5个字符"],
    ["a title on an optional preprocess wrapper", { ...valid, remark: "abcd" }, "备注不能超过3个字符"],
    ["a title on a pipe", { ...valid, rightType: "9" }, "作品类型须为以下之一：1、2、3"],
    ["a field without a title, by its name", { ...valid, count: undefined }, "参数 count 不能为空"],
    ["a number below its minimum", { ...valid, count: 0 }, "参数 count 不能小于1"],
    ["a number above its maximum", { ...valid, count: 10 }, "参数 count 不能大于9"],
    ["a number that is not an integer", { ...valid, count: 1.5 }, "参数 count 应为整数"],
    ["a list over its length", { ...valid, ids: [1, 2, 3] }, "证据最多2项"],
    ["an empty list", { ...valid, ids: [] }, "证据不能为空"],
    ["an item of a list", { ...valid, ids: [1, -2] }, "证据第2项须大于0"],
    ["an e-mail", { ...valid, mail: "nope" }, "参数 mail 不是有效的邮箱地址"],
    ["an enum", { ...valid, kind: "x" }, "参数 kind 须为以下之一：“file”、“text”"],
    ["a union left empty", { ...valid, either: null }, "参数 either 不能为空"],
    ["an enum left empty", { ...valid, kind: undefined }, "参数 kind 不能为空"],
    ["a union of the wrong type", { ...valid, either: true }, "参数 either 的取值或格式不正确"],
    ["a prefix", { ...valid, prefix: "x" }, "参数 prefix 须以“hz”开头"],
    ["the value itself", [], "提交的内容应为对象"],
  ])("%s", (_label, input, expected) => {
    expect(messageOf(form, input)).toBe(expected);
  });

  it("names a request part as the route validation does", () => {
    const query = z.object({ timestamp: z.string() });
    expect(messageOf(query, {}, { whole: "查询参数", field: "查询参数" })).toBe("查询参数 timestamp 不能为空");
    expect(messageOf(query, null, { whole: "查询参数", field: "查询参数" })).toBe("查询参数不能为空");
  });

  it("names a field the schema does not have by its name, even one every object inherits", () => {
    const strict = z.object({ a: z.string() }).strict();
    const label = (path: string[]) => issueMessagesFor(strict)({ code: "custom", path, input: 1 } as never);
    expect(label(["constructor"])).toBe("参数 constructor 不正确");
    expect(label(["toString", "x"])).toBe("参数 x 不正确");
  });

  it("lists unknown keys of a strict object, made safe to echo", () => {
    const strict = z.object({ a: z.string() }).strict();
    expect(messageOf(strict, { a: "x", "b\u202Ec": 1 })).toBe("提交的内容含有不支持的参数：b?c");
    expect(quoteName("x".repeat(100))).toHaveLength(33);
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, 1]));
    expect(messageOf(strict, { a: "x", ...many })).toBe("提交的内容含有不支持的参数：k0、k1、k2、k3、k4 等1000个");
  });

  it("leaves a schema's own message alone", () => {
    const own = z.object({ name: z.string({ error: "请输入名称" }).max(2, "名称太长") });
    expect(messageOf(own, {})).toBe("请输入名称");
    expect(messageOf(own, { name: "abc" })).toBe("名称太长");
  });

  it("becomes zod's default once installed, as in the browser's forms", () => {
    const schema = z.object({ account: z.string(), title: z.string().meta({ title: "标题" }) });
    const before = schema.safeParse({});
    expect(before.success ? "" : before.error.issues[0].message).not.toMatch(CJK);
    installChineseIssueMessages();
    const after = schema.safeParse({});
    expect(after.success ? [] : after.error.issues.map((issue) => issue.message)).toEqual(["参数 account 不能为空", "标题不能为空"]);
  });
});
