import { createHash } from "node:crypto";
import CryptoJS from "crypto-js";
import { describe, expect, it } from "vitest";
import { canonicalParamString, computeSignature } from "../../../src/schema/signature.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const browserSha256 = (text: string) => CryptoJS.SHA256(text).toString(CryptoJS.enc.Hex);

describe("canonicalParamString", () => {
  it.each([
    [{}, ""],
    [{ timestamp: 1700000000000 }, "timestamp1700000000000"],
    [{ b: "2", a: "1", timestamp: 5 }, "a1b2timestamp5"],
    [{ signature: "x", paramStr: "y", a: "1" }, "a1"],
    [{ a: null, b: undefined, c: "" }, "c"],
    [{ flag: true, n: 0 }, "flagtruen0"],
    [{ list: [1, "a"], obj: { k: "v" } }, 'list[1,"a"]obj{"k":"v"}'],
    [{ B: "upper", a: "lower", _: "u" }, "BupperaLower".replace("L", "l").replace("Bupperalower", "Bupper_ualower")],
    [{ 名称: "证据", name: "x" }, "namex名称证据"],
  ])("%j → %s", (params, expected) => {
    expect(canonicalParamString(params)).toBe(expected);
  });
});

describe("computeSignature", () => {
  it("is the lowercase hex SHA-256 of the canonical string", () => {
    const params = { timestamp: 1763776800000, pageSize: 10, keyName: "电子证据" };
    expect(computeSignature(params, nodeSha256)).toBe(nodeSha256("keyName电子证据pageSize10timestamp1763776800000"));
    expect(computeSignature(params, nodeSha256)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is the same with the browser's digest (crypto-js) and the server's (node:crypto), UTF-8 included", () => {
    const params = { timestamp: 1, text: "存证 ✓ 𠀀", n: 3.5 };
    expect(computeSignature(params, browserSha256)).toBe(computeSignature(params, nodeSha256));
  });
});
