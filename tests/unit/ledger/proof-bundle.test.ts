import { describe, expect, it } from "vitest";
import { LedgerFormatError } from "../../../isomorphic/ledger/errors.js";
import { formatProofBundle, parseProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { fromBase64 } from "./support.js";

const CHECKPOINT = "example.com/log\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n\n— example.com/log AAAAAAA=\n";
const HASHES = ["lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=", "Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4="];

describe("tlog-proof bundles", () => {
  it("formats the C2SP layout and parses it back", () => {
    const bundle = { index: 5, proof: HASHES.map(fromBase64), checkpoint: CHECKPOINT, extra: new Uint8Array([1, 2, 3]) };
    const text = formatProofBundle(bundle);
    expect(text).toBe(`c2sp.org/tlog-proof@v1\nextra AQID\nindex 5\n${HASHES.join("\n")}\n\n${CHECKPOINT}`);
    expect(parseProofBundle(text)).toEqual(bundle);
  });

  it("allows an empty proof (a one-entry tree) and no extra line", () => {
    const text = formatProofBundle({ index: 0, proof: [], checkpoint: CHECKPOINT });
    expect(text).toBe(`c2sp.org/tlog-proof@v1\nindex 0\n\n${CHECKPOINT}`);
    expect(parseProofBundle(text)).toEqual({ index: 0, proof: [], checkpoint: CHECKPOINT });
  });

  it.each([
    ["another header", `c2sp.org/tlog-proof@v2\nindex 0\n\n${CHECKPOINT}`],
    ["a leading zero", `c2sp.org/tlog-proof@v1\nindex 05\n\n${CHECKPOINT}`],
    ["no index", `c2sp.org/tlog-proof@v1\n${HASHES[0]}\n\n${CHECKPOINT}`],
    ["a short hash", `c2sp.org/tlog-proof@v1\nindex 1\nAAAA\n\n${CHECKPOINT}`],
    ["no blank line", `c2sp.org/tlog-proof@v1\nindex 1\n${HASHES[0]}`],
    ["no checkpoint", `c2sp.org/tlog-proof@v1\nindex 1\n${HASHES[0]}\n\n`],
    ["bad extra data", `c2sp.org/tlog-proof@v1\nextra ***\nindex 1\n\n${CHECKPOINT}`],
  ])("refuses a bundle with %s", (_, text) => {
    expect(() => parseProofBundle(text)).toThrow(LedgerFormatError);
  });
});
