import { serializerCompiler as encodingSerializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isSameBothWays, responseSerializerCompiler } from "../../../server/http/response-serialization.js";
import { envelopeSchema } from "../../../src/schema/envelope.js";

type Serialize = (data: unknown) => string;
const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: "GET", url: "/webapi/x", httpStatus: "200" } as never) as Serialize;
const compileEncoding = (schema: z.ZodType) => encodingSerializerCompiler({ schema, method: "GET", url: "/webapi/x", httpStatus: "200" } as never) as Serialize;

const User = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  tags: z.array(z.string()).max(3),
  kind: z.enum(["a", "b"]),
  note: z.string().optional(),
  either: z.union([z.literal(1), z.string()]),
  scores: z.record(z.string(), z.number()),
});

describe("which response schemas are parsed forward", () => {
  it.each([
    ["an envelope of plain fields, lists, unions and records", envelopeSchema(User), true],
    ["a number checked to be an integer", z.number().int(), true],
    ["a default", z.object({ n: z.number().default(1) }), false],
    ["a transform", z.string().transform((text) => text.length), false],
    ["a codec", z.codec(z.string(), z.number(), { decode: Number, encode: String }), false],
    ["a pipe", z.string().pipe(z.string()), false],
    ["a catch", z.number().catch(0), false],
    ["an overwriting check (trim)", z.object({ name: z.string().trim() }), false],
    ["a check on a whole object", z.object({ a: z.number() }).refine((value) => value.a > 0), false],
    ["a discriminated union", z.discriminatedUnion("k", [z.object({ k: z.literal("x") }), z.object({ k: z.literal("y") })]), false],
    ["a date", z.date(), false],
  ])("%s: %s", (_label, schema, expected) => {
    expect(isSameBothWays(schema as z.ZodType)).toBe(expected);
  });
});

describe("the response serializer", () => {
  const envelope = envelopeSchema(User);
  const answer = {
    code: 200,
    message: "成功",
    datas: { id: 7, name: null, tags: ["x"], kind: "a", either: 1, scores: { s: 2 }, passwordHash: "never sent" },
  };

  it("writes what the provider's encoding writes: only the schema's fields", () => {
    expect(compile(envelope)(answer)).toBe(compileEncoding(envelope)(answer));
    expect(JSON.parse(compile(envelope)(answer)).datas).not.toHaveProperty("passwordHash");
  });

  it("refuses an answer that breaks the schema, as the provider does", () => {
    const broken = { ...answer, datas: { ...answer.datas, id: 1.5 } };
    expect(() => compileEncoding(envelope)(broken)).toThrow();
    expect(() => compile(envelope)(broken)).toThrow(/response/i);
    expect(() => compile(envelope)({ ...answer, datas: { ...answer.datas, tags: ["1", "2", "3", "4"] } })).toThrow();
  });

  it("keeps encoding where the directions differ: a codec writes its encoded form", () => {
    const timed = z.object({ at: z.codec(z.string(), z.number(), { decode: Number, encode: (n) => `t${n}` }) });
    expect(compile(timed)({ at: 5 })).toBe('{"at":"t5"}');
  });
});
