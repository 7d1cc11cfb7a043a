import MD5 from "crypto-js/md5";
import Hex from "crypto-js/enc-hex";
import { ACCOUNT_ENDPOINTS, AccountCode, RSA_OAEP_HASH, type EncryptedEnvelope } from "../schema/account";
import { ResultCode, type Envelope } from "../schema/envelope";
import { callEndpoint, type HttpClient } from "./http-client";

/**
 * How secrets leave the browser (DESIGN.md §4, the contract in schema/account.ts): each value is
 * wrapped as `{v, ts, n}` and RSA-OAEP/SHA-256 encrypted under the server's public key. The fresh
 * timestamp and nonce per field let the server refuse a replayed ciphertext. Passwords are MD5-hashed
 * first, so not even the ciphertext carries the password itself.
 */

/** Shown where WebCrypto is missing: browsers only offer it on https:// or localhost pages. */
export const SECURE_CONTEXT_MESSAGE = "请通过 HTTPS 或本机地址访问以安全登录";
export const PUBLIC_KEY_INVALID_MESSAGE = "登录加密公钥无效，请刷新页面后重试";

/**
 * A code that never comes from the server: the browser could not encrypt at all. Negative so it
 * cannot collide with a server code; callers treat it like any other failure (a total tip).
 */
export const ENCRYPTION_UNAVAILABLE_CODE = -1;

const NONCE_BYTES = 16;

export class LoginCryptoError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = "LoginCryptoError";
  }
}

export interface LoginCrypto {
  /** base64 ciphertext of `{v: value, ts, n}`. */
  encryptText(value: string): Promise<string>;
  /** As encryptText, over the lowercase hex MD5 of the password. */
  encryptPassword(password: string): Promise<string>;
  /**
   * Runs a call whose fields are encrypted inside `send`. When the server cannot decrypt them
   * (1004: the key was rotated since this page loaded it) the key is fetched again and `send` runs
   * once more, re-encrypting with fresh nonces. An encryption failure becomes an envelope, so the
   * caller handles one shape.
   */
  sendEncrypted<T>(send: () => Promise<Envelope<T>>): Promise<Envelope<T>>;
}

export interface LoginCryptoOptions {
  http: HttpClient;
  /** WebCrypto; undefined on insecure origins. Defaults to the page's. */
  subtle?: SubtleCrypto;
  randomBytes?: (length: number) => Uint8Array;
  now?: () => number;
}

export function createLoginCrypto(options: LoginCryptoOptions): LoginCrypto {
  const { http, now = Date.now } = options;
  const subtle = "subtle" in options ? options.subtle : globalThis.crypto?.subtle;
  const randomBytes = options.randomBytes ?? ((length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length)));
  // One import per page load; the promise itself is cached so concurrent calls share one fetch.
  let cachedKey: Promise<CryptoKey> | null = null;

  function publicKey(): Promise<CryptoKey> {
    if (!subtle) return Promise.reject(new LoginCryptoError(SECURE_CONTEXT_MESSAGE, ENCRYPTION_UNAVAILABLE_CODE));
    cachedKey ??= importPublicKey(http, subtle).catch((error: unknown) => {
      cachedKey = null;
      throw error;
    });
    return cachedKey;
  }

  async function encryptText(value: string): Promise<string> {
    const key = await publicKey();
    const envelope: EncryptedEnvelope = { v: value, ts: now(), n: bytesToBase64(randomBytes(NONCE_BYTES)) };
    const plaintext = new TextEncoder().encode(JSON.stringify(envelope));
    // `subtle` exists here: publicKey() rejects otherwise.
    const ciphertext = await subtle!.encrypt({ name: "RSA-OAEP" }, key, plaintext);
    return bytesToBase64(new Uint8Array(ciphertext));
  }

  async function sendEncrypted<T>(send: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
    try {
      const first = await send();
      if (first.code !== AccountCode.encryptedFieldInvalid) return first;
      cachedKey = null;
      return await send();
    } catch (error) {
      if (error instanceof LoginCryptoError) return { code: error.code, message: error.message, datas: null as T };
      throw error;
    }
  }

  return {
    encryptText,
    encryptPassword: (password) => encryptText(md5Hex(password)),
    sendEncrypted,
  };
}

/** The lowercase hex MD5 the server expects in place of a password. */
export function md5Hex(text: string): string {
  return MD5(text).toString(Hex);
}

async function importPublicKey(http: HttpClient, subtle: SubtleCrypto): Promise<CryptoKey> {
  const envelope = await callEndpoint(http, ACCOUNT_ENDPOINTS.getEncryptPubKey, {});
  const encoded = envelope.datas?.encryptPubKey;
  if (envelope.code !== ResultCode.success) throw new LoginCryptoError(envelope.message, envelope.code);
  try {
    if (!encoded) throw new Error("empty key");
    return await subtle.importKey("spki", base64ToBytes(encoded), { name: "RSA-OAEP", hash: RSA_OAEP_HASH }, false, ["encrypt"]);
  } catch {
    throw new LoginCryptoError(PUBLIC_KEY_INVALID_MESSAGE, ENCRYPTION_UNAVAILABLE_CODE);
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
