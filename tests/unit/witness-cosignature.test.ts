import { createHash, createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatCheckpoint } from "../../isomorphic/ledger/checkpoint.js";
import { decodeBase64 } from "../../isomorphic/ledger/encoding.js";
import { generateNoteKeys, parseSignerKey } from "../../server/ledger/signer-keys.js";
import { parseNote, signNote, verifyNote } from "../../isomorphic/ledger/signed-note.js";
import { children, decode, objectIdentifier, readGeneralizedTime, readOid, tlv, unsignedInteger, readUnsignedHex } from "../../server/modules/chain/tsa/der.js";
import { encodeTimestampRequest } from "../../server/modules/chain/tsa/rfc3161.js";
import {
  cosignatureLine,
  generateCosignerKeys,
  parseCosignerSignerKey,
  parseCosignerVerifierKey,
} from "../../server/witness/cosignature.js";

const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

describe("C2SP tlog-cosignature (Ed25519 cosignature/v1)", () => {
  const log = parseSignerKey(generateNoteKeys("example.test/log").signerKey).signer;
  const text = formatCheckpoint({ origin: "example.test/log", size: 42, rootHash: new Uint8Array(32).fill(7) });
  const note = signNote(text, [log]);

  it("uses key type 0x04 in the key id and signs 'cosignature/v1\\ntime T\\n' + the checkpoint text", () => {
    const cosigner = parseCosignerSignerKey(generateCosignerKeys("witness.test/w1").signerKey);
    const [, name, idHex, keyBase64] = /^([^+]+)\+([0-9a-f]{8})\+(.+)$/.exec(cosigner.verifierKey)!;
    const typed = decodeBase64(keyBase64);
    expect(name).toBe("witness.test/w1");
    expect(typed[0]).toBe(0x04);
    const publicKey = typed.subarray(1);
    const expectedId = createHash("sha256").update("witness.test/w1\n").update(Buffer.from([0x04])).update(publicKey).digest().subarray(0, 4).toString("hex");
    expect(idHex).toBe(expectedId);

    const signature = cosigner.cosign(text, 1_700_000_000);
    expect(signature.length).toBe(8 + 64);
    expect(Buffer.from(signature.subarray(0, 8)).readBigUInt64BE()).toBe(1_700_000_000n);
    const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
    const message = Buffer.from(`cosignature/v1\ntime 1700000000\n${text}`);
    expect(verify(null, message, key, signature.subarray(8))).toBe(true);
  });

  it("verifies through the signed-note verifier; a changed time, checkpoint or key is refused", () => {
    const cosigner = parseCosignerSignerKey(generateCosignerKeys("witness.test/w1").signerKey);
    const verifier = parseCosignerVerifierKey(cosigner.verifierKey);
    const line = cosignatureLine(cosigner, cosigner.cosign(text, 1_700_000_123));
    const cosigned = note + line;
    expect(verifyNote(cosigned, [verifier]).ok).toBe(true);
    expect(verifier.timestampOf(parseNote(cosigned).signatures[1].signature)).toBe(1_700_000_123);

    const other = parseCosignerSignerKey(generateCosignerKeys("witness.test/w1").signerKey);
    expect(verifyNote(note + cosignatureLine(other, other.cosign(text, 1_700_000_123)), [verifier]).ok).toBe(false);
    const shifted = cosigner.cosign(text, 1_700_000_123);
    shifted[7] ^= 1; // the time the signature claims, not the one it signed
    expect(verifyNote(note + cosignatureLine(cosigner, shifted), [verifier]).ok).toBe(false);
    const otherText = formatCheckpoint({ origin: "example.test/log", size: 43, rootHash: new Uint8Array(32).fill(7) });
    expect(verifyNote(signNote(otherText, [log]) + line, [verifier]).ok).toBe(false);
  });

  it("round-trips keys and refuses a log (type 0x01) key as a witness key", () => {
    const keys = generateCosignerKeys("witness.test/w2");
    expect(parseCosignerSignerKey(keys.signerKey).verifierKey).toBe(keys.verifierKey);
    expect(() => parseCosignerVerifierKey(generateNoteKeys("witness.test/w2").verifierKey)).toThrow(/type 0x04/);
    const wrongId = keys.verifierKey.replace(/^([^+]+)\+[0-9a-f]{8}\+/, "$1+00000000+");
    expect(() => parseCosignerVerifierKey(wrongId)).toThrow(/id does not match/);
  });
});

describe("DER subset for RFC 3161", () => {
  it("encodes OIDs and integers as X.690 says", () => {
    expect(Buffer.from(objectIdentifier("2.16.840.1.101.3.4.2.1")).toString("hex")).toBe("0609608648016503040201");
    expect(Buffer.from(unsignedInteger(Uint8Array.of(0x80))).toString("hex")).toBe("02020080");
    expect(Buffer.from(unsignedInteger(Uint8Array.of(0, 0, 5))).toString("hex")).toBe("020105");
    expect(Buffer.from(tlv(0x04, new Uint8Array(200))).subarray(0, 3).toString("hex")).toBe("0481c8");
  });

  it("builds a TimeStampReq with version 1, the SHA-256 imprint, the nonce and certReq", () => {
    const hash = new Uint8Array(32).fill(0xab);
    const request = decode(encodeTimestampRequest(hash, Uint8Array.of(0x12, 0x34)));
    const [version, imprint, nonce, certReq] = children(request);
    expect(readUnsignedHex(version)).toBe("01");
    expect(readOid(children(children(imprint)[0])[0])).toBe("2.16.840.1.101.3.4.2.1");
    expect(Buffer.from(children(imprint)[1].content)).toEqual(Buffer.from(hash));
    expect(readUnsignedHex(nonce)).toBe("1234");
    expect(Buffer.from(certReq.raw).toString("hex")).toBe("0101ff");
  });

  it("refuses truncated, padded and non-minimal encodings; reads GeneralizedTime with fractions", () => {
    expect(() => decode(Uint8Array.of(0x30, 0x03, 0x02, 0x01))).toThrow(/past its container/);
    expect(() => decode(Uint8Array.of(0x02, 0x01, 0x05, 0x00))).toThrow(/trailing/);
    expect(() => decode(Uint8Array.of(0x02, 0x81, 0x01, 0x05))).toThrow(/non-minimal/);
    const time = tlv(0x18, new TextEncoder().encode("20260102030405.25Z"));
    expect(readGeneralizedTime(decode(time))).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 250));
  });
});
