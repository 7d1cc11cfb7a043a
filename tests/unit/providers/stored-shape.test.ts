import { describe, expect, it } from "vitest";
import { either, finiteNumber, flag, integer, listOf, nonEmptyText, nullish, oneOf, optional, readStored, shape, text } from "../../../src/providers/stored-shape";

describe("stored shape", () => {
  const session = shape<{ token: string; at: number; name?: string; note?: string | null; roles: ("a" | "b")[] }>({
    token: nonEmptyText,
    at: finiteNumber,
    name: optional(text),
    note: nullish(text),
    roles: listOf(oneOf(["a", "b"] as const)),
  });

  it("keeps the listed fields and drops every other", () => {
    expect(readStored(session, { token: "t", at: 1, roles: ["a"], password: "secret", note: null })).toEqual({ token: "t", at: 1, roles: ["a"], note: null });
  });

  it("refuses the whole object when a listed field has the wrong type or a required one is missing", () => {
    expect(readStored(session, { token: "", at: 1, roles: [] })).toBeNull();
    expect(readStored(session, { token: "t", at: Number.POSITIVE_INFINITY, roles: [] })).toBeNull();
    expect(readStored(session, { token: "t", at: 1, roles: ["c"] })).toBeNull();
    expect(readStored(session, { token: "t", roles: [] })).toBeNull();
    // optional means "may be left out", not "may be null".
    expect(readStored(session, { token: "t", at: 1, roles: [], name: null })).toBeNull();
    expect(readStored(session, "t")).toBeNull();
    expect(readStored(session, [])).toBeNull();
    expect(readStored(session, null)).toBeNull();
  });

  it("reads only the object's own fields", () => {
    const inherited = Object.create({ token: "t", at: 1, roles: [] });
    expect(readStored(session, inherited)).toBeNull();
  });

  it("checks nested shapes, unions, integers and flags", () => {
    const outer = shape<{ id: string | number; inner: { n: number; ok: boolean } }>({ id: either(text, finiteNumber), inner: shape({ n: integer, ok: flag }) });
    expect(readStored(outer, { id: 7, inner: { n: 2, ok: true, extra: 1 } })).toEqual({ id: 7, inner: { n: 2, ok: true } });
    expect(readStored(outer, { id: "7", inner: { n: 2.5, ok: true } })).toBeNull();
    expect(readStored(outer, { id: false, inner: { n: 2, ok: true } })).toBeNull();
  });
});
