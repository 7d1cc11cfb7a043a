import { createHash, randomBytes, webcrypto, X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { readOrCreateKeyFile } from "../modules/security/key-file.js";
import "./pkijs-engine.js";

/**
 * The platform's own seal CA (issue 16): a root key and self-signed certificate made on first
 * start, and the organisations' signing certificates it issues. It is named for what it is, a CA
 * the platform runs itself, not a licensed electronic certification service (电子签名法 §17), so a
 * relying party is never led to think otherwise. ECDSA P-256 throughout: NSS (pdfsig) and Acrobat
 * verify it, and key generation takes milliseconds where RSA 3072 takes about a second.
 * Certificates are built with pkijs, the CMS library the signer uses too (@peculiar/x509 needs a
 * global reflect-metadata polyfill).
 */
export const SEAL_CA_FILE = path.join("keys", "seal-ca.pem");
export const SEAL_CA_COMMON_NAME = "衡证平台电子印章CA（平台自建，非依法设立的电子认证服务机构）";
export const SEAL_CA_ORGANISATION = "衡证电子证据平台";
const SIGNING_ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const CA_YEARS = 20;
/** id-kp-documentSigning (RFC 9336) and id-kp-emailProtection, which NSS asks of a PDF signer. */
const DOCUMENT_SIGNING_EKU = ["1.3.6.1.5.5.7.3.36", "1.3.6.1.5.5.7.3.4"];

export interface IssuedSealCertificate {
  /** PEM of the organisation's certificate. */
  readonly certificatePem: string;
  /** PKCS#8 DER of the organisation's private key: the caller seals it before it rests anywhere. */
  readonly privateKeyPkcs8: Buffer;
}

export interface SealCertificateFacts {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: number;
  notAfter: number;
  /** SHA-256 of the DER certificate, lowercase hex. */
  fingerprint: string;
}

export class SealCa {
  private constructor(
    private readonly key: CryptoKey,
    readonly certificate: pkijs.Certificate,
    /** DER of the root certificate. */
    readonly certificateDer: Buffer,
    /** Where the CA came from, for the start-up line (never the key). */
    readonly source: string,
  ) {}

  get certificatePem(): string {
    return toPem("CERTIFICATE", this.certificateDer);
  }

  /** The root from a PEM file holding its PKCS#8 key and certificate, made on first start when absent. */
  static async load(file: string, now: () => number): Promise<SealCa> {
    if (!fs.existsSync(file)) await createCaFile(file, now());
    const text = fs.readFileSync(file, "utf8");
    const keyPem = text.match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/)?.[0];
    const certPem = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0];
    if (!keyPem || !certPem) throw new Error(`电子印章 CA 文件（${file}）须包含 PKCS#8 私钥与证书（PEM）`);
    const key = await importSigningKey(pemBody(keyPem));
    const der = pemBody(certPem);
    return new SealCa(key, pkijs.Certificate.fromBER(toArrayBuffer(der)), der, file);
  }

  /** A fresh key pair and a certificate for an organisation: CN and O its verified name. */
  async issue(organisation: string, validFrom: number, validUntil: number): Promise<IssuedSealCertificate> {
    const keys = (await webcrypto.subtle.generateKey(SIGNING_ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
    const certificate = await buildCertificate({
      subject: organisation,
      organisation,
      issuer: this.certificate.subject,
      validFrom,
      validUntil,
      publicKey: keys.publicKey,
      signingKey: this.key,
      isCa: false,
      authorityKeyId: subjectKeyIdOf(this.certificate),
    });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey));
    return { certificatePem: toPem("CERTIFICATE", certificate), privateKeyPkcs8: pkcs8 };
  }
}

/** What pages and lists show of a certificate, read with node:crypto. */
export function certificateFacts(pem: string): SealCertificateFacts {
  const certificate = new X509Certificate(pem);
  return {
    subject: certificate.subject.replace(/\n/g, ", "),
    issuer: certificate.issuer.replace(/\n/g, ", "),
    serialNumber: certificate.serialNumber.toLowerCase(),
    notBefore: Date.parse(certificate.validFrom),
    notAfter: Date.parse(certificate.validTo),
    fingerprint: createHash("sha256").update(certificate.raw).digest("hex"),
  };
}

export function importSigningKey(pkcs8: Buffer): Promise<CryptoKey> {
  return webcrypto.subtle.importKey("pkcs8", pkcs8, SIGNING_ALGORITHM, false, ["sign"]) as Promise<CryptoKey>;
}

export function pemBody(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""), "base64");
}

const toArrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const toPem = (label: string, der: Uint8Array) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;

interface CertificateRequest {
  subject: string;
  organisation: string;
  /** The issuer's name; the subject's own for the self-signed root. */
  issuer: pkijs.RelativeDistinguishedNames | null;
  validFrom: number;
  validUntil: number;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  isCa: boolean;
  authorityKeyId: ArrayBuffer | null;
}

/** O then CN, each its own RDN (pkijs would put both in one multi-valued RDN, which validators show as "CN + O"). */
function nameOf(commonName: string, organisation: string): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: string) => new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) }).toSchema()] });
  const der = new asn1js.Sequence({ value: [rdn("2.5.4.10", organisation), rdn("2.5.4.3", commonName)] }).toBER(false);
  return pkijs.RelativeDistinguishedNames.fromBER(der);
}

/** keyUsage bits (RFC 5280 §4.2.1.3) as a DER BIT STRING's first byte and its unused bits. */
const KEY_USAGE = { signer: { byte: 0xc0, unused: 6 }, ca: { byte: 0x06, unused: 1 } } as const;

const extension = (extnID: string, critical: boolean, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType) =>
  new pkijs.Extension({ extnID, critical, extnValue: ("toSchema" in value ? value.toSchema() : value).toBER(false) });

async function buildCertificate(request: CertificateRequest): Promise<Buffer> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(randomSerial()) });
  certificate.subject = nameOf(request.subject, request.organisation);
  certificate.issuer = request.issuer ?? nameOf(request.subject, request.organisation);
  certificate.notBefore = new pkijs.Time({ type: 0, value: new Date(request.validFrom) });
  certificate.notAfter = new pkijs.Time({ type: 0, value: new Date(request.validUntil) });
  await certificate.subjectPublicKeyInfo.importKey(request.publicKey);
  const keyId = createHash("sha1").update(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  const usage = request.isCa ? KEY_USAGE.ca : KEY_USAGE.signer;
  certificate.extensions = [
    extension("2.5.29.19", true, request.isCa ? new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 }) : new pkijs.BasicConstraints({})),
    extension("2.5.29.15", true, new asn1js.BitString({ valueHex: Uint8Array.of(usage.byte).buffer, unusedBits: usage.unused })),
    extension("2.5.29.14", false, new asn1js.OctetString({ valueHex: toArrayBuffer(keyId) })),
    ...(request.isCa ? [] : [extension("2.5.29.37", false, new pkijs.ExtKeyUsage({ keyPurposes: DOCUMENT_SIGNING_EKU }))]),
    ...(request.authorityKeyId ? [extension("2.5.29.35", false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: request.authorityKeyId }) }))] : []),
  ];
  await certificate.sign(request.signingKey, "SHA-256");
  return Buffer.from(certificate.toSchema(true).toBER(false));
}

function subjectKeyIdOf(certificate: pkijs.Certificate): ArrayBuffer | null {
  const ski = certificate.extensions?.find((item) => item.extnID === "2.5.29.14");
  if (!ski) return null;
  const parsed = asn1js.fromBER(ski.extnValue.valueBlock.valueHexView.slice().buffer);
  return (parsed.result as asn1js.OctetString).valueBlock.valueHexView.slice().buffer;
}

/** A positive 128-bit serial (RFC 5280 §4.1.2.2: at most 20 octets, unique per CA). */
function randomSerial(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] & 0x7f) | 0x01;
  return bytes;
}

/** Made once, written owner-only beside its name and renamed into place, so no reader sees half a CA. */
async function createCaFile(file: string, now: number): Promise<void> {
  const keys = (await webcrypto.subtle.generateKey(SIGNING_ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const validUntil = new Date(now);
  validUntil.setUTCFullYear(validUntil.getUTCFullYear() + CA_YEARS);
  const certificate = await buildCertificate({
    subject: SEAL_CA_COMMON_NAME,
    organisation: SEAL_CA_ORGANISATION,
    issuer: null,
    validFrom: now - 60_000,
    validUntil: validUntil.getTime(),
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
    isCa: true,
    authorityKeyId: null,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey));
  // A racing process's file wins; both read it afterwards.
  readOrCreateKeyFile(path.dirname(file), path.basename(file), () => toPem("PRIVATE KEY", pkcs8) + toPem("CERTIFICATE", certificate));
}
