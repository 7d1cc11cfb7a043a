import { createHash } from "node:crypto";
import { Signer } from "@signpdf/utils";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/**
 * A PAdES signer for @signpdf (ETSI EN 319 142-1 baseline, SubFilter ETSI.CAdES.detached): a
 * detached CMS SignedData over the signed byte ranges whose signed attributes are content-type,
 * message-digest and signing-certificate-v2 (B-B; no signing-time attribute: the time is the
 * signature dictionary's M), plus, when a time-stamp authority is given, a signature time-stamp
 * token over the signature value as an unsigned attribute (B-T). @signpdf's own P12 signer makes
 * a plain PKCS#7 with a signing-time and no signing-certificate-v2, hence this one on pkijs.
 */
import "./pkijs-engine.js";

const OID = {
  data: "1.2.840.113549.1.7.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
} as const;

/** Answers a DER TimeStampToken (ContentInfo) over a SHA-256 value. */
export type SignatureTimestamper = (sha256: Uint8Array) => Promise<Uint8Array>;

export interface CadesSignerOptions {
  key: CryptoKey;
  /** DER of the signer's certificate, then its issuers up to the root. */
  certificates: Buffer[];
  timestamper?: SignatureTimestamper;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
const toArrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

export class CadesSigner extends Signer {
  /** Whether the last signature carries a time-stamp token (B-T) and the TSA's time. */
  lastTimestamp: { present: boolean } = { present: false };

  constructor(private readonly options: CadesSignerOptions) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const [signerDer, ...chainDer] = this.options.certificates;
    const signer = pkijs.Certificate.fromBER(toArrayBuffer(signerDer));
    const chain = chainDer.map((der) => pkijs.Certificate.fromBER(toArrayBuffer(der)));
    // ESSCertIDv2 with the default hash (SHA-256, so left out) and the issuer and serial (RFC 5035).
    const issuerSerial = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [signer.issuer.toSchema()] })] }),
        new asn1js.Integer({ valueHex: signer.serialNumber.valueBlock.valueHexView.slice().buffer }),
      ],
    });
    const signingCertificateV2 = new asn1js.Sequence({
      value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(signerDer)) }), issuerSerial] })] })],
    });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
              new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(content)) })] }),
              new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
            ],
          }),
        }),
      ],
      certificates: [signer, ...chain],
    });
    await signedData.sign(this.options.key, 0, "SHA-256");
    this.lastTimestamp = { present: false };
    if (this.options.timestamper) {
      const signerInfo = signedData.signerInfos[0];
      const token = await this.options.timestamper(sha256(signerInfo.signature.valueBlock.valueHexView));
      const parsed = asn1js.fromBER(toArrayBuffer(token));
      if (parsed.offset === -1) throw new Error("the time-stamp token is not DER");
      signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [parsed.result] })] });
      this.lastTimestamp = { present: true };
    }
    const contentInfo = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}
