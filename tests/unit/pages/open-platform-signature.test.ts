import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SIGNATURE_EXAMPLES } from "../../../src/pages/info/open-platform/signature-examples.js";
import { canonicalParamString, computeSignature } from "../../../src/schema/signature.js";

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

// The open-platform page prints these examples; recomputing them keeps the page true to the algorithm.
describe("the signature examples on /info/OpenPlatform", () => {
  it.each(SIGNATURE_EXAMPLES.map((example) => [example.title, example] as const))("%s", (_title, example) => {
    expect(canonicalParamString(example.params)).toBe(example.canonical);
    expect(computeSignature(example.params, sha256Hex)).toBe(example.signature);
  });

  it("show every parameter of the request line in the signed parameters", () => {
    for (const example of SIGNATURE_EXAMPLES) {
      for (const name of Object.keys(example.params)) expect(example.request).toContain(name);
    }
  });
});
