import { beforeAll, describe, expect, it } from "vitest";
import type { HttpClient } from "../../../src/providers/http-client";
import {
  base64ToBytes,
  bytesToBase64,
  createLoginCrypto,
  ENCRYPTION_UNAVAILABLE_CODE,
  md5Hex,
  SECURE_CONTEXT_MESSAGE,
} from "../../../src/providers/login-crypto";
import { ACCOUNT_ENDPOINTS, EncryptedEnvelopeSchema } from "../../../src/schema/account";
import type { Envelope } from "../../../src/schema/envelope";

const NOW = 1_700_000_000_000;
const subtle = globalThis.crypto.subtle;
let keyPair: CryptoKeyPair;
let publicKeyBase64: string;

beforeAll(async () => {
  // The server's key as the contract describes it: RSA-OAEP, SHA-256, 3072 bits, SPKI DER in base64.
  keyPair = await subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["encrypt", "decrypt"],
  );
  publicKeyBase64 = bytesToBase64(new Uint8Array(await subtle.exportKey("spki", keyPair.publicKey)));
});

async function decrypt(ciphertext: string) {
  const plaintext = await subtle.decrypt({ name: "RSA-OAEP" }, keyPair.privateKey, base64ToBytes(ciphertext));
  return EncryptedEnvelopeSchema.strict().parse(JSON.parse(new TextDecoder().decode(plaintext)));
}

/** A client that serves the public key and counts how often it was asked. */
function keyServer(keys: () => string = () => publicKeyBase64) {
  const calls: { path: string; tokenless?: boolean }[] = [];
  const http: HttpClient = {
    baseURL: "/webapi",
    get: async <T, E>(path: string, _params?: unknown, options?: { tokenless?: boolean }) => {
      calls.push({ path, tokenless: options?.tokenless });
      return { code: 200, message: "成功", datas: { encryptPubKey: keys() } } as Envelope<T, E>;
    },
    post: async () => {
      throw new Error("no POST expected");
    },
  };
  return { http, calls };
}

describe("login crypto", () => {
  it("encrypts {v, ts, n} as UTF-8 JSON with RSA-OAEP/SHA-256, which the key's owner can decrypt", async () => {
    const { http, calls } = keyServer();
    const crypto = createLoginCrypto({ http, now: () => NOW });
    const decrypted = await decrypt(await crypto.encryptText("张三@example.com"));
    expect(decrypted.v).toBe("张三@example.com");
    expect(decrypted.ts).toBe(NOW);
    expect(base64ToBytes(decrypted.n)).toHaveLength(16);
    expect(calls).toEqual([{ path: ACCOUNT_ENDPOINTS.getEncryptPubKey.path, tokenless: true }]);
  });

  it("sends the lowercase hex MD5 of a password, never the password", async () => {
    const crypto = createLoginCrypto({ http: keyServer().http, now: () => NOW });
    const decrypted = await decrypt(await crypto.encryptPassword("abc123"));
    expect(decrypted.v).toBe("e99a18c428cb38d5f260853678922e03");
    expect(decrypted.v).toBe(md5Hex("abc123"));
  });

  it("uses a fresh nonce and timestamp for every field, and fetches the key once per page load", async () => {
    const { http, calls } = keyServer();
    let clock = NOW;
    const crypto = createLoginCrypto({ http, now: () => clock++ });
    const [first, second, third] = await Promise.all([crypto.encryptText("a"), crypto.encryptText("a"), crypto.encryptPassword("abc123")]);
    const envelopes = await Promise.all([first, second, third].map(decrypt));
    expect(new Set(envelopes.map((envelope) => envelope.n)).size).toBe(3);
    expect(new Set(envelopes.map((envelope) => envelope.ts)).size).toBe(3);
    expect(first).not.toBe(second);
    expect(calls).toHaveLength(1);
  });

  it("on 1004 fetches the key again and repeats the call once, with newly encrypted fields", async () => {
    const { http, calls } = keyServer();
    const crypto = createLoginCrypto({ http });
    const sent: string[] = [];
    const answers = [1004, 200];
    const result = await crypto.sendEncrypted(async () => {
      sent.push(await crypto.encryptText("13800138000"));
      return { code: answers.shift()!, message: "", datas: null };
    });
    expect(result.code).toBe(200);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toBe(sent[1]);
    expect(calls).toHaveLength(2);
  });

  it("repeats at most once", async () => {
    const crypto = createLoginCrypto({ http: keyServer().http });
    let attempts = 0;
    const result = await crypto.sendEncrypted(async () => {
      attempts += 1;
      return { code: 1004, message: "加密信息无效，请刷新页面后重试", datas: null };
    });
    expect(attempts).toBe(2);
    expect(result).toEqual({ code: 1004, message: "加密信息无效，请刷新页面后重试", datas: null });
  });

  it("without WebCrypto (plain http on another host) answers with a clear message instead of sending", async () => {
    const crypto = createLoginCrypto({ http: keyServer().http, subtle: undefined });
    let attempts = 0;
    const result = await crypto.sendEncrypted(async () => {
      attempts += 1;
      await crypto.encryptText("x");
      return { code: 200, message: "成功", datas: null };
    });
    expect(result).toEqual({ code: ENCRYPTION_UNAVAILABLE_CODE, message: SECURE_CONTEXT_MESSAGE, datas: null });
    expect(SECURE_CONTEXT_MESSAGE).toBe("请通过 HTTPS 或本机地址访问以安全登录");
    expect(attempts).toBe(1);
  });

  it("passes on the server's answer when the key cannot be fetched, and tries again next time", async () => {
    let isUp = false;
    const http: HttpClient = {
      baseURL: "/webapi",
      get: async <T, E>() =>
        (isUp
          ? { code: 200, message: "成功", datas: { encryptPubKey: publicKeyBase64 } }
          : { code: 500, message: "网络异常，请稍后重试", datas: null }) as Envelope<T, E>,
      post: async () => {
        throw new Error("no POST expected");
      },
    };
    const crypto = createLoginCrypto({ http });
    const send = () => crypto.sendEncrypted(async () => ({ code: 200, message: await crypto.encryptText("x"), datas: null }));
    await expect(send()).resolves.toMatchObject({ code: 500, message: "网络异常，请稍后重试" });
    isUp = true;
    await expect(send()).resolves.toMatchObject({ code: 200 });
  });
});
