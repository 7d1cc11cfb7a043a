import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (secret: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(secret, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const KEY_LENGTH = 32;
/** What the browser sends as a password: the MD5 hex digest of what the user typed (spec §7). */
export const MD5_HEX = /^[0-9a-f]{32}$/;
/** What the browser would send for a typed password: for accounts created on the command line. */
export function md5Hex(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/**
 * Slow salted hashing of what the browser sends (the MD5 of the password; DESIGN.md §4) with
 * scrypt. The parameters are stored in each hash (`scrypt$logN$r$p$salt$key`), so raising the
 * cost later only affects new hashes and old ones still verify.
 */
export class PasswordHasher {
  constructor(private readonly logN: number) {}

  async hash(secret: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(secret, salt, KEY_LENGTH, this.options(this.logN, BLOCK_SIZE, PARALLELISM));
    return ["scrypt", this.logN, BLOCK_SIZE, PARALLELISM, salt.toString("base64"), key.toString("base64")].join("$");
  }

  async verify(secret: string, stored: string): Promise<boolean> {
    const [scheme, logN, blockSize, parallelism, salt, key] = stored.split("$");
    if (scheme !== "scrypt" || !key) return false;
    const expected = Buffer.from(key, "base64");
    const actual = await scrypt(secret, Buffer.from(salt, "base64"), expected.length, this.options(Number(logN), Number(blockSize), Number(parallelism)));
    return timingSafeEqual(actual, expected);
  }

  /**
   * Spends the same time as a real check, for logins to accounts that do not exist, so the answer
   * time does not tell which accounts are registered.
   */
  async verifyAgainstNothing(secret: string): Promise<false> {
    await scrypt(secret, randomBytes(16), KEY_LENGTH, this.options(this.logN, BLOCK_SIZE, PARALLELISM));
    return false;
  }

  /**
   * Checks a received password digest against an account's stored hash. Without an account (or
   * with a malformed digest) it spends the same time, so the answer does not tell whether the
   * account exists.
   */
  async verifyDigest(passwordDigest: string, storedHash: string | null | undefined): Promise<boolean> {
    return MD5_HEX.test(passwordDigest) && storedHash ? this.verify(passwordDigest, storedHash) : this.verifyAgainstNothing(passwordDigest);
  }

  private options(logN: number, blockSize: number, parallelism: number): ScryptOptions {
    const N = 2 ** logN;
    // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below OWASP's parameters.
    return { N, r: blockSize, p: parallelism, maxmem: 128 * N * blockSize * 2 };
  }
}
