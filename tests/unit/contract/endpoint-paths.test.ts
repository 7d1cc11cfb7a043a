/// <reference types="vite/client" />
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WEBAPI_PREFIX, type Endpoint } from "../../../src/schema/contract";
import { findLiterals, REPOSITORY_ROOT } from "../../support/literal-scan";

/**
 * One fact, one place (issue 12): an endpoint's path is written only in its contract object in
 * src/schema. Every other file names the object; this test fails when a declared path appears
 * anywhere else as a string (with or without the /webapi prefix).
 */

const SKIPPED = [path.join("src", "schema"), path.join("tests", "fixtures")];

const SCHEMA_DIR = path.join(REPOSITORY_ROOT, "src", "schema");
const schemaModules: object[] = await Promise.all(
  fs.readdirSync(SCHEMA_DIR, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts")).map((name) => import(path.join(SCHEMA_DIR, name))),
);

function isEndpoint(value: unknown): value is Endpoint {
  const candidate = value as Partial<Endpoint> | null;
  return typeof candidate === "object" && candidate !== null && typeof candidate.path === "string" && (candidate.method === "GET" || candidate.method === "POST") && typeof candidate.input === "object";
}

/** Endpoint objects exported by src/schema, also inside exported records of them (one level or two). */
function declaredEndpoints(): Endpoint[] {
  const found = new Set<Endpoint>();
  const visit = (value: unknown, depth: number) => {
    if (isEndpoint(value)) found.add(value);
    else if (depth > 0 && typeof value === "object" && value !== null && !Array.isArray(value)) for (const inner of Object.values(value)) visit(inner, depth - 1);
  };
  for (const exports of schemaModules) for (const value of Object.values(exports)) visit(value, 2);
  return [...found];
}


describe("endpoint paths live only in src/schema", () => {
  const endpoints = declaredEndpoints();

  it("the contract declares the platform's endpoints", () => {
    expect(endpoints.length).toBeGreaterThan(10);
    expect(endpoints.every((endpoint) => endpoint.path.startsWith("/") && !endpoint.path.startsWith(WEBAPI_PREFIX))).toBe(true);
  });

  it("no other file spells a declared path", () => {
    const paths = [...new Set(endpoints.map((endpoint) => endpoint.path))];
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // The path as a whole string or the start of one: "/user/v2/loginV2", `/webapi/user/v2/loginV2?…`.
    const pattern = new RegExp(`["'\`](?:${escape(WEBAPI_PREFIX)})?(?:${paths.map(escape).join("|")})(?=["'\`?#])`, "g");
    expect(findLiterals(pattern, { skipped: SKIPPED, self: import.meta.filename })).toEqual([]);
  });
});
