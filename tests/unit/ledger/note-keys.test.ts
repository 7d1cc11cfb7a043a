import { describe, expect, it } from "vitest";
import { LedgerFormatError } from "../../../isomorphic/ledger/errors.js";
import { computeKeyId, ED25519_KEY_TYPE, formatKeyId, isValidKeyName, parseVerifierKey } from "../../../isomorphic/ledger/note-keys.js";
import { formatSignerKey, generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { nodeLedgerCrypto, sha256 } from "../../../server/ledger/node-crypto.js";
import { fromBase64 } from "./support.js";

// Known answers: the vectors README's key, and the key pair documented by golang.org/x/mod/sumdb/note.
const README_VERIFIER = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
const GO_VERIFIER = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
const GO_SIGNER = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";

describe("signed-note keys", () => {
  it("computes key ids as SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key)[:4]", () => {
    const publicKey = fromBase64("AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k").subarray(1);
    expect(formatKeyId(computeKeyId("example.com/foo", ED25519_KEY_TYPE, publicKey, sha256))).toBe("530d903a");
    expect(parseVerifierKey(README_VERIFIER, nodeLedgerCrypto)).toMatchObject({ name: "example.com/foo", keyId: 0x530d903a });
  });

  it("derives the Go reference verifier key from the Go reference signer key", () => {
    const { signer, verifierKey } = parseSignerKey(GO_SIGNER);
    expect(verifierKey).toBe(GO_VERIFIER);
    expect(signer).toMatchObject({ name: "PeterNeumann", keyId: 0xc74f20a3 });
  });

  it("generates key pairs whose strings parse back", () => {
    const { signerKey, verifierKey } = generateNoteKeys("evidence.example.cn/log");
    expect(signerKey).toMatch(/^PRIVATE\+KEY\+evidence\.example\.cn\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(parseSignerKey(signerKey).verifierKey).toBe(verifierKey);
    const seed = fromBase64(signerKey.split("+").slice(4).join("+")).subarray(1);
    expect(formatSignerKey("evidence.example.cn/log", seed)).toBe(signerKey);
    const message = new TextEncoder().encode("存证\n");
    expect(parseVerifierKey(verifierKey, nodeLedgerCrypto).verify(message, parseSignerKey(signerKey).signer.sign(message))).toBe(true);
  });

  it("refuses every truncation and every changed character of a verifier key", () => {
    for (let start = 0; start < GO_VERIFIER.length; start += 1) {
      for (let end = start + 1; end <= GO_VERIFIER.length; end += 1) {
        if (start === 0 && end === GO_VERIFIER.length) continue;
        expect(() => parseVerifierKey(GO_VERIFIER.slice(start, end), nodeLedgerCrypto), GO_VERIFIER.slice(start, end)).toThrow(LedgerFormatError);
      }
    }
    for (let i = 0; i < GO_VERIFIER.length; i += 1) {
      const changed = GO_VERIFIER.slice(0, i) + String.fromCharCode(GO_VERIFIER.charCodeAt(i) + 1) + GO_VERIFIER.slice(i + 1);
      expect(() => parseVerifierKey(changed, nodeLedgerCrypto), changed).toThrow(LedgerFormatError);
    }
  });

  it.each([
    ["a key id that does not match", "PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"],
    ["an uppercase key id", "PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"],
    ["another key type", `PeterNeumann+c74f20a3+${Buffer.from([2, ...fromBase64("ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW").subarray(1)]).toString("base64")}`],
    ["a signer key", GO_SIGNER],
  ])("refuses %s as a verifier key", (_, key) => {
    expect(() => parseVerifierKey(key, nodeLedgerCrypto)).toThrow(LedgerFormatError);
  });

  it("refuses a signer key whose id does not match", () => {
    expect(() => parseSignerKey(GO_SIGNER.replace("c74f20a3", "c74f20a4"))).toThrow(/does not match/);
    expect(() => parseSignerKey(GO_VERIFIER)).toThrow(LedgerFormatError);
  });

  it.each([
    ["example.com/log", true],
    ["证据平台", true],
    ["", false],
    ["two words", false],
    ["a+b", false],
    ["no\u00a0break", false],
    ["tab\there", false],
  ])("key name %j valid: %s", (name, valid) => {
    expect(isValidKeyName(name)).toBe(valid);
  });
});
