import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { ResponseSerializationError, serializerCompiler as encodingSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Serialises a route's answer through its zod response schema, as fastify-type-provider-zod does
 * (only what the schema names goes out, a handler's answer that breaks it is a 500), but parses
 * forward where that gives the same answer. The provider encodes (zod's backward direction) so
 * that codecs and transforms run the right way round; backward, zod parses every value that has
 * checks twice (an `.int()` field, the envelope's code), which cost a signed call as much as all
 * the rest of its validation (issue 20). A schema built only of the kinds below means the same in
 * both directions, so it is parsed forward; any other (a default, a transform, a pipe, a codec,
 * a catch, an `.overwrite()` check such as `.trim()`, a check on a whole object) keeps the encoding.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route as { schema: unknown; method: string; url: string };
  if (!(schema instanceof z.ZodType) || !isSameBothWays(schema)) return encodingSerializerCompiler(route as never);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** Kinds whose forward parse is their backward parse: no value is made, defaulted or converted. */
const LEAF_KINDS = new Set(["string", "number", "boolean", "bigint", "null", "undefined", "any", "unknown", "enum", "literal", "template_literal"]);

type Def = {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  discriminator?: string;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
};

/** Whether parsing `schema` forward and backward gives the same value and the same verdict. */
export function isSameBothWays(schema: z.ZodType): boolean {
  const def = schema._zod.def as Def;
  const checks = def.checks ?? [];
  // Backward, checks run on the input before the parse, forward on its output: the same value
  // for a leaf or a list's length, not for a whole object a parse has stripped.
  if (checks.some((check) => check._zod.def.check === "overwrite")) return false;
  if (LEAF_KINDS.has(def.type)) return true;
  switch (def.type) {
    case "array":
      return isSameBothWays(def.element!);
    case "nullable":
    case "optional":
    case "nonoptional":
      return checks.length === 0 && isSameBothWays(def.innerType!);
    case "object":
      return checks.length === 0 && Object.values(def.shape!).every(isSameBothWays) && (def.catchall === undefined || isSameBothWays(def.catchall));
    case "record":
      return checks.length === 0 && isSameBothWays(def.keyType!) && isSameBothWays(def.valueType!);
    case "tuple":
      return checks.length === 0 && def.items!.every(isSameBothWays) && (!def.rest || isSameBothWays(def.rest));
    case "union":
      // A discriminated union picks its option differently when encoding.
      return checks.length === 0 && def.discriminator === undefined && def.options!.every(isSameBothWays);
    case "intersection":
      return checks.length === 0 && isSameBothWays(def.left!) && isSameBothWays(def.right!);
    default:
      return false;
  }
}
