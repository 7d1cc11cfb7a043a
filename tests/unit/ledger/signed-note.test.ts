import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LedgerFormatError } from "../../../isomorphic/ledger/errors.js";
import { parseVerifierKey, type NoteVerifier } from "../../../isomorphic/ledger/note-keys.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { parseNote, signNote, verifyNote } from "../../../isomorphic/ledger/signed-note.js";
import { nodeLedgerCrypto } from "../../../server/ledger/node-crypto.js";
import { flipBit, PROPERTY_TIMEOUT } from "./support.js";

const README_VERIFIER = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
const README_NOTE =
  "This is an example message.\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n";
const GO_SIGNER = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

function keyPair(name: string) {
  const { signerKey, verifierKey } = generateNoteKeys(name);
  return { signer: parseSignerKey(signerKey).signer, verifier: parseVerifierKey(verifierKey, nodeLedgerCrypto) };
}

describe("signed notes", () => {
  it("verifies the example note of the vectors README", () => {
    const result = verifyNote(README_NOTE, [parseVerifierKey(README_VERIFIER, nodeLedgerCrypto)]);
    expect(result).toMatchObject({ ok: true, text: "This is an example message.\n", unknown: [] });
  });

  it("signs exactly as the Go reference implementation (Ed25519 is deterministic)", () => {
    const { signer, verifierKey } = parseSignerKey(GO_SIGNER);
    expect(signNote(GO_TEXT, [signer])).toBe(GO_NOTE);
    expect(verifyNote(GO_NOTE, [parseVerifierKey(verifierKey, nodeLedgerCrypto)]).ok).toBe(true);
    expect(verifyNote(GO_NOTE.replace("cryptography", "cryptographY"), [parseVerifierKey(verifierKey, nodeLedgerCrypto)])).toMatchObject({ ok: false, failure: "bad-signature" });
  });

  it("round-trips a note signed by a generated key, Chinese text and blank lines included", () => {
    const { signer, verifier } = keyPair("evidence.example.cn/log");
    const text = "电子证据\n\n第二段\n";
    const note = signNote(text, [signer]);
    expect(parseNote(note).text).toBe(text);
    expect(verifyNote(note, [verifier])).toMatchObject({ ok: true, text });
    expect(verifyNote(new TextEncoder().encode(note), [verifier]).ok).toBe(true);
  });

  it("ignores unknown signers but needs one known signature", () => {
    const log = keyPair("log.example");
    const witness = keyPair("witness.example");
    const note = signNote("tree\n", [log.signer, witness.signer]);
    expect(verifyNote(note, [log.verifier])).toMatchObject({ ok: true, verified: [{ name: "log.example" }], unknown: [{ name: "witness.example" }] });
    expect(verifyNote(note, [witness.verifier]).ok).toBe(true);
    expect(verifyNote(note, [keyPair("other.example").verifier])).toMatchObject({ ok: false, failure: "no-known-signature" });
    // same name, another key: the key id differs, so that signature counts as unknown
    expect(verifyNote(note, [keyPair("log.example").verifier])).toMatchObject({ ok: false, failure: "no-known-signature" });
  });

  it("rejects the whole note when a known key's signature is bad, even beside a good one", () => {
    const log = keyPair("log.example");
    const witness = keyPair("witness.example");
    const good = signNote("tree\n", [log.signer]);
    const forged = signNote("tree\n", [{ ...witness.signer, sign: () => new Uint8Array(64) }]);
    const both = good + forged.slice("tree\n\n".length);
    expect(verifyNote(both, [log.verifier])).toMatchObject({ ok: true });
    expect(verifyNote(both, [log.verifier, witness.verifier])).toMatchObject({ ok: false, failure: "bad-signature" });
    expect(verifyNote(good + good.slice("tree\n\n".length), [log.verifier])).toMatchObject({ ok: false, failure: "duplicate-signature" });
  });

  it("fails once any bit of the signed note is flipped", () => {
    const { signer, verifier } = keyPair("log.example");
    const bytes = new TextEncoder().encode(signNote("example.com/log\n42\nAAAA\n", [signer]));
    fc.assert(
      fc.property(fc.nat(bytes.length * 8 - 1), (bit) => {
        expect(verifyNote(flipBit(bytes, bit), [verifier]).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  }, PROPERTY_TIMEOUT);

  it("fails once any bit of the signature itself is flipped", () => {
    const verifiers: NoteVerifier[] = [parseVerifierKey(README_VERIFIER, nodeLedgerCrypto)];
    const line = README_NOTE.split("\n")[2];
    const signature = new Uint8Array(Buffer.from(line.split(" ")[2], "base64"));
    fc.assert(
      fc.property(fc.nat(signature.length * 8 - 1), (bit) => {
        const tampered = README_NOTE.replace(line.split(" ")[2], Buffer.from(flipBit(signature, bit)).toString("base64"));
        expect(verifyNote(tampered, verifiers).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  }, PROPERTY_TIMEOUT);

  it.each([
    ["no blank line", "text\n— k AAAAAAA=\n"],
    ["no signature", "text\n\n"],
    ["no final newline", README_NOTE.slice(0, -1)],
    ["a hyphen instead of an em dash", README_NOTE.replace("—", "-")],
    ["a signature too short for a key id", "text\n\n— k AAAA\n"],
    ["non-canonical base64", "text\n\n— k AAAAAB==\n"],
    ["a control character", `te\u0007xt${README_NOTE}`],
    ["a carriage return", README_NOTE.replace("message.\n", "message.\r\n")],
    ["a name with a plus", "text\n\n— a+b AAAAAAA=\n"],
    ["101 signatures", `text\n\n${"— k AAAAAAA=\n".repeat(101)}`],
  ])("refuses a note with %s", (_, note) => {
    expect(() => parseNote(note)).toThrow(LedgerFormatError);
    expect(verifyNote(note, [parseVerifierKey(README_VERIFIER, nodeLedgerCrypto)])).toMatchObject({ ok: false, failure: "malformed" });
  });

  it("refuses invalid UTF-8 and texts it cannot sign", () => {
    expect(() => parseNote(new Uint8Array([0x61, 0xff, 0x0a, 0x0a]))).toThrow(/UTF-8/);
    const { signer } = keyPair("log.example");
    expect(() => signNote("no newline", [signer])).toThrow(LedgerFormatError);
    expect(() => signNote("", [signer])).toThrow(LedgerFormatError);
    expect(() => signNote("bell\u0007\n", [signer])).toThrow(LedgerFormatError);
    expect(() => signNote("ok\n", [])).toThrow(RangeError);
  });
});
