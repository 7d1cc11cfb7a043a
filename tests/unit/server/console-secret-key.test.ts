import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_KEY_FILE, ConsoleKeyError, ConsoleSecretKey, loadConsoleSecretKey } from "../../../server/modules/console/operators/console-secret-key.js";
import { newRecoveryCodes, normaliseRecoveryCode } from "../../../server/modules/console/operators/totp.js";

describe("the console's secret key", () => {
  const key = new ConsoleSecretKey(randomBytes(32));

  it("seals a secret so that only the same key and context open it", () => {
    const sealed = key.seal("JBSWY3DPEHPK3PXP", "operator-totp:1");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(key.seal("JBSWY3DPEHPK3PXP", "operator-totp:1")).not.toBe(sealed);
    expect(key.open(sealed, "operator-totp:1")).toBe("JBSWY3DPEHPK3PXP");
    expect(key.open(sealed, "operator-totp:2")).toBeNull();
    expect(new ConsoleSecretKey(randomBytes(32)).open(sealed, "operator-totp:1")).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(key.open(tampered, "operator-totp:1")).toBeNull();
    expect(key.open("garbage", "operator-totp:1")).toBeNull();
  });

  it("digests recovery codes with a keyed hash", () => {
    expect(key.digest("abcd-efgh")).toMatch(/^[0-9a-f]{64}$/);
    expect(key.digest("abcd-efgh")).not.toBe(new ConsoleSecretKey(randomBytes(32)).digest("abcd-efgh"));
  });

  it("reads CONSOLE_SECRET_KEY as hex or base64 and refuses anything else without echoing it", () => {
    const bytes = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-key-"));
    const sealed = new ConsoleSecretKey(bytes).seal("x", "c");
    expect(loadConsoleSecretKey({ secretKey: bytes.toString("hex"), dataDir }).open(sealed, "c")).toBe("x");
    expect(loadConsoleSecretKey({ secretKey: bytes.toString("base64"), dataDir }).open(sealed, "c")).toBe("x");
    expect(() => loadConsoleSecretKey({ secretKey: "too-short-secret", dataDir })).toThrow(ConsoleKeyError);
    expect(() => loadConsoleSecretKey({ secretKey: "too-short-secret", dataDir })).not.toThrow(/too-short-secret/);
    expect(fs.existsSync(path.join(dataDir, CONSOLE_KEY_FILE))).toBe(false);
  });

  it("creates the key file once, owner-only, and keeps using it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-key-"));
    const sealed = loadConsoleSecretKey({ secretKey: undefined, dataDir }).seal("x", "c");
    const file = path.join(dataDir, CONSOLE_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConsoleSecretKey({ secretKey: undefined, dataDir }).open(sealed, "c")).toBe("x");
  });
});

describe("recovery codes", () => {
  it("are ten distinct xxxx-xxxx codes without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
  });

  it.each([
    ["abcd-efgh", "abcd-efgh"],
    ["ABCDEFGH", "abcd-efgh"],
    ["AbCd-EfGh", "abcd-efgh"],
  ])("are read in one spelling: %s", (typed, stored) => expect(normaliseRecoveryCode(typed)).toBe(stored));
});
