import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCheckpoint, openCheckpoint, parseCheckpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { LedgerFormatError } from "../../../isomorphic/ledger/errors.js";
import { EMPTY_TREE_ROOT } from "../../../isomorphic/ledger/hashing.js";
import { parseVerifierKey } from "../../../isomorphic/ledger/note-keys.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { signNote } from "../../../isomorphic/ledger/signed-note.js";
import { nodeLedgerCrypto } from "../../../server/ledger/node-crypto.js";
import { flipBit, fromBase64, PROPERTY_TIMEOUT } from "./support.js";

const SPEC_EXAMPLE = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";

describe("tlog-checkpoint text", () => {
  it("parses and reformats the C2SP example byte for byte", () => {
    const checkpoint = parseCheckpoint(SPEC_EXAMPLE);
    expect(checkpoint).toEqual({
      origin: "example.com/behind-the-sofa",
      size: 20852163,
      rootHash: fromBase64("CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I="),
      extensions: [],
    });
    expect(formatCheckpoint(checkpoint)).toBe(SPEC_EXAMPLE);
  });

  it("keeps extension lines and sizes up to 2^53 - 1", () => {
    const text = formatCheckpoint({ origin: "证据.example/log", size: Number.MAX_SAFE_INTEGER, rootHash: EMPTY_TREE_ROOT, extensions: ["block 7", "时间 2025"] });
    expect(text).toBe("证据.example/log\n9007199254740991\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\nblock 7\n时间 2025\n");
    expect(parseCheckpoint(text).extensions).toEqual(["block 7", "时间 2025"]);
    expect(parseCheckpoint("log\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n").size).toBe(0);
  });

  it.each([
    ["two lines", "log\n5\n"],
    ["no final newline", "log\n5\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="],
    ["an empty origin", "\n5\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"],
    ["a leading zero", "log\n05\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"],
    ["a sign", "log\n+5\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"],
    ["a size above 2^53 - 1", "log\n9007199254740992\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"],
    ["a short root", "log\n5\nAAAA\n"],
    ["unpadded base64", "log\n5\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU\n"],
    ["URL-safe base64", "log\n5\n47DEQpj8HBSa-_TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"],
    ["an empty extension line", "log\n5\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n\n"],
    ["a carriage return", "log\r\n5\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n"],
  ])("refuses a checkpoint with %s", (_, text) => {
    expect(() => parseCheckpoint(text)).toThrow(LedgerFormatError);
  });

  it("refuses to format what it could not parse back", () => {
    expect(() => formatCheckpoint({ origin: "a\nb", size: 1, rootHash: EMPTY_TREE_ROOT })).toThrow(LedgerFormatError);
    expect(() => formatCheckpoint({ origin: "log", size: -1, rootHash: EMPTY_TREE_ROOT })).toThrow(LedgerFormatError);
    expect(() => formatCheckpoint({ origin: "log", size: 1, rootHash: new Uint8Array(31) })).toThrow(LedgerFormatError);
    expect(() => formatCheckpoint({ origin: "log", size: 1, rootHash: EMPTY_TREE_ROOT, extensions: [""] })).toThrow(LedgerFormatError);
  });
});

describe("signed checkpoints", () => {
  const keys = generateNoteKeys("evidence.example.cn/log");
  const signer = parseSignerKey(keys.signerKey).signer;
  const verifier = parseVerifierKey(keys.verifierKey, nodeLedgerCrypto);
  const text = formatCheckpoint({ origin: "evidence.example.cn/log", size: 1234, rootHash: fromBase64("CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=") });

  it("opens a checkpoint signed by a known key", () => {
    const opened = openCheckpoint(signNote(text, [signer]), [verifier]);
    expect(opened).toMatchObject({ ok: true, checkpoint: { origin: "evidence.example.cn/log", size: 1234 } });
  });

  it("refuses a signed note whose text is not a checkpoint", () => {
    expect(openCheckpoint(signNote("just words\n", [signer]), [verifier])).toMatchObject({ ok: false, failure: "malformed" });
  });

  it("fails once any bit of the checkpoint text is flipped", () => {
    const signed = new TextEncoder().encode(signNote(text, [signer]));
    const textBits = new TextEncoder().encode(text).length * 8;
    fc.assert(
      fc.property(fc.nat(textBits - 1), (bit) => {
        expect(openCheckpoint(flipBit(signed, bit), [verifier]).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);
});
