import { createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { WEBAPI_PREFIX } from "../../../src/schema/contract.js";
import { digestsEqual } from "../security/digest-compare.js";
import { readOrCreateKeyFile } from "../security/key-file.js";

export const DEVICE_COOKIE = "hz_device";
export const DEVICE_KEY_FILE = path.join("keys", "device-cookie.key");
/** A browser stays known this long after its last successful login. */
export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser (a shared office computer); the oldest drops out. */
const MAX_ENTRIES = 5;
const ENTRY = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** Longer cookie values are not read at all: five entries take under 400 characters. */
const MAX_COOKIE_LENGTH = 1024;

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful login the browser gets an entry `issuedAt.deviceId.HMAC(subject, issuedAt,
 * deviceId)` keyed by a secret of this installation (DATA_DIR/keys/device-cookie.key). It proves
 * only that this browser logged in to that account before: it opens no session and carries no
 * token, so stealing it gives nothing but the right to try the password from a device whose own
 * failures are counted (login-throttle.ts). The subject is not in the cookie; an entry is checked
 * against the account being logged in to.
 */
export class KnownDevices {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number,
  ) {}

  /** The device id this browser holds for `subject` (e.g. "user:12"), or null when it holds no valid, unexpired entry. */
  recognise(cookie: string | undefined, subject: string): string | null {
    for (const entry of this.liveEntries(cookie)) {
      if (digestsEqual(entry.mac, this.mac(subject, entry.issuedAt, entry.deviceId))) return entry.deviceId;
    }
    return null;
  }

  /** The cookie value after `subject` logged in here: its entry renewed (same device id) or a new one, first. */
  remember(cookie: string | undefined, subject: string): string {
    const deviceId = this.recognise(cookie, subject) ?? randomBytes(16).toString("base64url");
    const issuedAt = this.now().toString(36);
    const fresh = `${issuedAt}.${deviceId}.${this.mac(subject, issuedAt, deviceId)}`;
    const others = this.liveEntries(cookie)
      .filter((entry) => entry.deviceId !== deviceId)
      .map((entry) => entry.text);
    return [fresh, ...others].slice(0, MAX_ENTRIES).join("~");
  }

  private liveEntries(cookie: string | undefined) {
    if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
    const oldest = this.now() - DEVICE_LIFETIME_MS;
    return cookie
      .split("~")
      .map((text) => ({ text, match: ENTRY.exec(text) }))
      .filter(({ match }) => match && parseInt(match[1], 36) > oldest)
      .map(({ text, match }) => ({ text, issuedAt: match![1], deviceId: match![2], mac: match![3] }));
  }

  private mac(subject: string, issuedAt: string, deviceId: string): string {
    return createHmac("sha256", this.key).update(`${subject}\n${issuedAt}\n${deviceId}`, "utf8").digest("base64url");
  }
}

export function loadKnownDevices(dataDir: string, now: () => number): KnownDevices {
  return new KnownDevices(readOrCreateKeyFile(dataDir, DEVICE_KEY_FILE, () => randomBytes(32)), now);
}

/**
 * After a successful login: this browser is now a known device of `subject`. HttpOnly and sent
 * only to our API, never to another site; Secure whenever the site is served over TLS.
 */
export function rememberDevice(devices: KnownDevices, request: FastifyRequest, reply: FastifyReply, subject: string): void {
  reply.setCookie(DEVICE_COOKIE, devices.remember(request.cookies[DEVICE_COOKIE], subject), {
    path: WEBAPI_PREFIX,
    httpOnly: true,
    sameSite: "strict",
    secure: request.isServedOverTls,
    maxAge: DEVICE_LIFETIME_MS / 1000,
  });
}
