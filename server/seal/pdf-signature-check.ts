import { createHash, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import "./pkijs-engine.js";

/**
 * Whether a PDF sealed by pdf-sealer.ts still carries a valid seal: one signature whose byte
 * ranges cover the whole file but its own contents, whose CMS signs exactly those bytes (the
 * signed message digest and the ECDSA signature over the signed attributes both check), made by
 * the certificate expected (its SHA-256 fingerprint) and that certificate issued by the platform's
 * seal CA. Time is not part of the answer: a certificate is checked as of its signing, not today.
 * Any byte changed in the signed ranges, or another signature added after, answers false.
 */
export async function isSealIntact(pdf: Buffer, expected: { signerFingerprint: string; caCertificatePem: string }): Promise<boolean> {
  const signature = signedParts(pdf);
  if (!signature) return false;
  try {
    const parsed = asn1js.fromBER(toArrayBuffer(signature.cms));
    if (parsed.offset === -1) return false;
    const signedData = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: parsed.result }).content });
    const isValid = await signedData.verify({ signer: 0, data: toArrayBuffer(signature.signedBytes), checkChain: false });
    if (!isValid) return false;
    const signer = signerCertificate(signedData);
    if (!signer) return false;
    const der = Buffer.from(signer.toSchema(true).toBER(false));
    if (createHash("sha256").update(der).digest("hex") !== expected.signerFingerprint) return false;
    const ca = new X509Certificate(expected.caCertificatePem);
    const leaf = new X509Certificate(der);
    return leaf.checkIssued(ca) && leaf.verify(ca.publicKey);
  } catch {
    return false;
  }
}

/** The signed bytes and the CMS of the file's last signature, or null when it does not cover the whole file. */
function signedParts(pdf: Buffer): { signedBytes: Buffer; cms: Buffer } | null {
  const at = pdf.lastIndexOf("/ByteRange");
  if (at === -1) return null;
  const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.subarray(at, at + 120).toString("latin1"));
  if (!match) return null;
  const [start, firstLength, second, secondLength] = match.slice(1).map(Number);
  // The whole file but the signature's own hex string, nothing appended after it.
  if (start !== 0 || second <= firstLength || second + secondLength !== pdf.length) return null;
  const contents = pdf.subarray(firstLength, second).toString("latin1");
  const hex = /^<([0-9a-fA-F]*)>$/.exec(contents)?.[1];
  if (!hex) return null;
  return { signedBytes: Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(second)]), cms: Buffer.from(hex, "hex") };
}

function signerCertificate(signedData: pkijs.SignedData): pkijs.Certificate | null {
  const sid = signedData.signerInfos[0]?.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  const certificates = (signedData.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
  return certificates.find((item) => item.issuer.isEqual(sid.issuer) && item.serialNumber.isEqual(sid.serialNumber)) ?? null;
}

const toArrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
