import { randomBytes, X509Certificate } from "node:crypto";
import fs from "node:fs";
import { checkTimestampResponse, checkToken, encodeTimestampRequest, TimestampError, type TimestampToken } from "./rfc3161.js";

/**
 * An RFC 3161 time-stamp authority over HTTP (RFC 3161 §3.4: POST application/timestamp-query,
 * answer application/timestamp-reply). Each request has a fresh 64-bit nonce so an old answer
 * cannot be replayed for a new checkpoint.
 */
export interface TsaClientOptions {
  readonly url: string;
  /** PEM file with the CA certificate(s) the TSA's certificate must be issued under. */
  readonly caFile?: string;
  readonly timeoutMs?: number;
}

export class TsaClient {
  readonly url: string;
  readonly #trusted: X509Certificate[];
  readonly #timeoutMs: number;

  constructor(options: TsaClientOptions) {
    this.url = options.url;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#trusted = options.caFile ? splitPem(fs.readFileSync(options.caFile, "utf8")).map((pem) => new X509Certificate(pem)) : [];
  }

  /** A checked token over `hashedMessage` (a 32-byte SHA-256 value). Throws `TimestampError`. */
  async timestamp(hashedMessage: Uint8Array): Promise<TimestampToken> {
    const nonce = randomBytes(8);
    nonce[0] &= 0x7f; // a positive INTEGER without a leading zero byte
    const response = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
      body: Buffer.from(encodeTimestampRequest(hashedMessage, nonce)),
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    if (!response.ok) throw new TimestampError(`the TSA answered HTTP ${response.status}`);
    const body = new Uint8Array(await response.arrayBuffer());
    return checkTimestampResponse(body, { hashedMessage, nonce, trustedCertificates: this.#trusted });
  }

  /** Checks a token stored earlier again, against the same trusted CA. Throws `TimestampError`. */
  verifyStored(token: Uint8Array, hashedMessage: Uint8Array): TimestampToken {
    return checkToken(token, { hashedMessage, trustedCertificates: this.#trusted });
  }
}

function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
