import type { LoginCrypto } from "../../../src/providers/login-crypto";
import { md5Hex } from "../../../src/providers/login-crypto";

/**
 * Readable stand-in for the RSA step (login-crypto.test.ts covers the real one): a test can see
 * which value went into which field, and that a password only ever travels as its MD5.
 */
export const fakeLoginCrypto: LoginCrypto = {
  encryptText: async (value) => `rsa(${value})`,
  encryptPassword: async (password) => `rsa(${md5Hex(password)})`,
  sendEncrypted: (send) => send(),
};
