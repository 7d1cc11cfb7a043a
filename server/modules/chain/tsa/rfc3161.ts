import { createHash, verify as verifySignature, X509Certificate } from "node:crypto";
import {
  children,
  contextTag,
  decode,
  derBoolean,
  derNull,
  expectTag,
  objectIdentifier,
  octetString,
  readGeneralizedTime,
  readOid,
  readSmallInteger,
  readUnsignedHex,
  sequence,
  smallInteger,
  TAG,
  tlv,
  unsignedInteger,
  type DerNode,
} from "./der.js";

/**
 * RFC 3161 time-stamp protocol, client side: a TimeStampReq with a SHA-256 message imprint, a
 * random nonce and certReq, and the checks of its TimeStampResp: status granted, a SignedData
 * token whose TSTInfo carries our imprint and nonce, signed (RFC 5652 signed attributes) by a
 * certificate in the token that is allowed to time-stamp, optionally issued under a trusted CA.
 */
export const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  sha1: "1.3.14.3.2.26",
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentTypeAttr: "1.2.840.113549.1.9.3",
  messageDigestAttr: "1.2.840.113549.1.9.4",
  timeStamping: "1.3.6.1.5.5.7.3.8",
} as const;

const DIGEST_BY_OID: Record<string, string> = { [OID.sha256]: "sha256", [OID.sha384]: "sha384", [OID.sha512]: "sha512", [OID.sha1]: "sha1" };

export class TimestampError extends Error {
  override name = "TimestampError";
}

/** DER TimeStampReq over a 32-byte SHA-256 value. */
export function encodeTimestampRequest(hashedMessage: Uint8Array, nonce: Uint8Array): Uint8Array {
  if (hashedMessage.length !== 32) throw new RangeError("a SHA-256 message imprint is 32 bytes");
  const messageImprint = sequence(sequence(objectIdentifier(OID.sha256), derNull()), octetString(hashedMessage));
  return sequence(smallInteger(1), messageImprint, unsignedInteger(nonce), derBoolean(true));
}

export interface TimestampToken {
  /** The DER ContentInfo (the token), as stored and handed to verifiers. */
  readonly token: Uint8Array;
  readonly genTime: number;
  readonly serialNumber: string;
  readonly policy: string;
  /** Subject of the signing certificate, for display. */
  readonly signer: string;
}

interface Expected {
  readonly hashedMessage: Uint8Array;
  /** The nonce of the request; left out when checking a stored token again later. */
  readonly nonce?: Uint8Array;
  /** When given, the signing certificate must chain to one of these. */
  readonly trustedCertificates?: readonly X509Certificate[];
}

const STATUS_TEXT: Record<number, string> = { 2: "rejection", 3: "waiting", 4: "revocationWarning", 5: "revocationNotification" };

/** Parses a DER TimeStampResp and checks it answers our request. Throws `TimestampError`. */
export function checkTimestampResponse(response: Uint8Array, expected: Expected): TimestampToken {
  try {
    const [statusInfo, token] = children(expectTag(decode(response), TAG.sequence, "TimeStampResp"));
    const status = readSmallInteger(children(expectTag(statusInfo, TAG.sequence, "PKIStatusInfo"))[0]);
    if (status !== 0 && status !== 1) throw new TimestampError(`the TSA did not grant the request (status ${status} ${STATUS_TEXT[status] ?? ""})`.trim());
    if (!token) throw new TimestampError("the TSA granted the request but sent no token");
    return checkToken(token.raw, expected);
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw new TimestampError(`malformed TimeStampResp: ${(error as Error).message}`);
  }
}

/** Checks a stored token (ContentInfo) again, e.g. when a certificate is verified later. */
export function checkToken(tokenBytes: Uint8Array, expected: Expected): TimestampToken {
  const [contentType, explicitContent] = children(expectTag(decode(tokenBytes), TAG.sequence, "ContentInfo"));
  if (readOid(contentType) !== OID.signedData) throw new TimestampError("the token is not CMS SignedData");
  const signedData = children(expectTag(children(expectTag(explicitContent, contextTag(0), "ContentInfo content"))[0], TAG.sequence, "SignedData"));
  const [, , encapsulated, ...rest] = signedData;
  const [eContentType, eContentWrapper] = children(expectTag(encapsulated, TAG.sequence, "EncapsulatedContentInfo"));
  if (readOid(eContentType) !== OID.tstInfo) throw new TimestampError("the token does not carry a TSTInfo");
  const tstInfoBytes = expectTag(children(expectTag(eContentWrapper, contextTag(0), "eContent"))[0], TAG.octetString, "eContent").content;
  const certificates = rest.filter((node) => node.tag === contextTag(0)).flatMap((node) => children(node).map((cert) => new X509Certificate(Buffer.from(cert.raw))));
  const signerInfos = children(expectTag(rest.at(-1), TAG.set, "SignerInfos"));
  if (signerInfos.length !== 1) throw new TimestampError("a time-stamp token has exactly one signer");

  const tstInfo = readTstInfo(tstInfoBytes);
  if (tstInfo.imprintAlgorithm !== OID.sha256 || !Buffer.from(tstInfo.hashedMessage).equals(Buffer.from(expected.hashedMessage))) {
    throw new TimestampError("the token's message imprint is not the checkpoint's root hash");
  }
  if (expected.nonce && tstInfo.nonce !== hexOf(expected.nonce)) throw new TimestampError("the token's nonce is not the one we sent");
  const signer = checkSignerInfo(signerInfos[0], tstInfoBytes, certificates);
  if (expected.trustedCertificates?.length) checkChain(signer, certificates, expected.trustedCertificates);
  return { token: Uint8Array.from(tokenBytes), genTime: tstInfo.genTime, serialNumber: tstInfo.serialNumber, policy: tstInfo.policy, signer: signer.subject };
}

function hexOf(magnitude: Uint8Array): string {
  const hex = Buffer.from(magnitude).toString("hex").replace(/^(00)+/, "");
  return hex === "" ? "00" : hex;
}

function readTstInfo(bytes: Uint8Array) {
  const [version, policy, imprint, serial, genTime, ...optional] = children(expectTag(decode(bytes), TAG.sequence, "TSTInfo"));
  if (readSmallInteger(version) !== 1) throw new TimestampError("unsupported TSTInfo version");
  const [algorithm, hashed] = children(expectTag(imprint, TAG.sequence, "MessageImprint"));
  const nonceNode = optional.find((node) => node.tag === TAG.integer);
  return {
    policy: readOid(policy),
    imprintAlgorithm: readOid(children(expectTag(algorithm, TAG.sequence, "AlgorithmIdentifier"))[0]),
    hashedMessage: expectTag(hashed, TAG.octetString, "hashedMessage").content,
    serialNumber: readUnsignedHex(serial),
    genTime: readGeneralizedTime(genTime),
    nonce: nonceNode ? readUnsignedHex(nonceNode) : null,
  };
}

/** RFC 5652 §5.4: the signed attributes carry the content type and digest; the signature covers them as a SET. */
function checkSignerInfo(signerInfo: DerNode, tstInfoBytes: Uint8Array, certificates: X509Certificate[]): X509Certificate {
  const [, sid, digestAlgorithm, signedAttrs, , signature] = children(expectTag(signerInfo, TAG.sequence, "SignerInfo"));
  expectTag(signedAttrs, contextTag(0), "signedAttrs");
  const digest = DIGEST_BY_OID[readOid(children(digestAlgorithm)[0])];
  if (!digest) throw new TimestampError("unsupported digest algorithm in the token");

  const attributes = new Map(children(signedAttrs).map((attr) => {
    const [type, values] = children(attr);
    return [readOid(type), children(values)[0]] as const;
  }));
  if (!attributes.has(OID.contentTypeAttr) || readOid(attributes.get(OID.contentTypeAttr)!) !== OID.tstInfo) throw new TimestampError("the signed content type is not TSTInfo");
  const messageDigest = attributes.get(OID.messageDigestAttr);
  const actualDigest = createHash(digest).update(tstInfoBytes).digest();
  if (!messageDigest || !actualDigest.equals(Buffer.from(expectTag(messageDigest, TAG.octetString, "messageDigest").content))) {
    throw new TimestampError("the signed digest does not match the TSTInfo");
  }

  // sid is IssuerAndSerialNumber (a SEQUENCE); the certificate with that serial signed the token.
  const serial = readUnsignedHex(children(expectTag(sid, TAG.sequence, "signer identifier"))[1]).toUpperCase();
  const certificate = certificates.find((cert) => cert.serialNumber.replace(/^0+(?=.)/, "").toUpperCase() === serial.replace(/^0+(?=.)/, ""));
  if (!certificate) throw new TimestampError("the token does not include its signing certificate (certReq)");
  if (!(certificate.keyUsage ?? []).includes(OID.timeStamping)) throw new TimestampError("the signing certificate is not allowed to time-stamp");
  const signedBytes = tlv(TAG.set, signedAttrs.content);
  const ok = verifySignature(digest, signedBytes, certificate.publicKey, expectTag(signature, TAG.octetString, "signature").content);
  if (!ok) throw new TimestampError("the token's signature does not verify");
  return certificate;
}

function checkChain(signer: X509Certificate, bag: X509Certificate[], trusted: readonly X509Certificate[]): void {
  let current = signer;
  for (let depth = 0; depth < 8; depth += 1) {
    const anchor = trusted.find((ca) => current.checkIssued(ca) && current.verify(ca.publicKey));
    if (anchor) return;
    const next = bag.find((cert) => cert !== current && current.checkIssued(cert) && current.verify(cert.publicKey));
    if (!next) break;
    current = next;
  }
  throw new TimestampError("the signing certificate is not issued under the configured TSA certificate authority");
}
