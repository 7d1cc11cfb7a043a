import { AccountCode, EncryptedEnvelopeSchema } from "../../../src/schema/account.js";
import { SIGNATURE_MAX_SKEW_MS } from "../../../src/schema/signature.js";
import { BusinessError } from "../../http/envelope.js";
import type { LoginKey } from "./login-key.js";
import type { NonceStore } from "./nonce-store.js";

const DECRYPT_FAILED = "加密信息无法解密，请刷新页面后重试";
const STALE = "加密信息已过期，请重新提交";

/**
 * Opens the encrypted fields of login-type requests: decrypts, checks the envelope's timestamp is
 * within five minutes and claims its nonce, so a captured ciphertext cannot be sent again.
 */
export class EncryptedFields {
  constructor(
    private readonly key: LoginKey,
    private readonly nonces: NonceStore,
    private readonly now: () => number,
  ) {}

  get publicKeyBase64(): string {
    return this.key.publicKeyBase64;
  }

  async open(ciphertext: string, field: string): Promise<string> {
    const plaintext = this.key.decrypt(ciphertext);
    const parsed = plaintext ? safeParse(plaintext.toString("utf8")) : null;
    const envelope = EncryptedEnvelopeSchema.safeParse(parsed);
    if (!envelope.success) throw fieldError(field, DECRYPT_FAILED);
    const { v, ts, n } = envelope.data;
    if (Math.abs(this.now() - ts) > SIGNATURE_MAX_SKEW_MS) throw fieldError(field, STALE);
    if (!(await this.nonces.claim(`enc:${n}`, ts + 2 * SIGNATURE_MAX_SKEW_MS))) throw fieldError(field, STALE);
    return v;
  }
}

function fieldError(field: string, message: string) {
  return new BusinessError(AccountCode.encryptedFieldInvalid, message, { errors: { [field]: message } });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
