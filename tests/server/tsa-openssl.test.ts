import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkToken, TimestampError } from "../../server/modules/chain/tsa/rfc3161.js";
import { TsaClient } from "../../server/modules/chain/tsa/tsa-client.js";
import { startOpensslTsa, type OpensslTsa } from "./support/openssl-tsa.js";
import { onPostgres } from "./support/test-database.js";

/** The RFC 3161 client against OpenSSL's own time-stamp responder over real HTTP. */
// No database at all: run once, in the SQLite project.
describe.skipIf(onPostgres)("RFC 3161 client with OpenSSL's ts responder", () => {
  let tsa: OpensslTsa;
  beforeAll(async () => {
    tsa = await startOpensslTsa();
  }, 60_000);
  afterAll(async () => tsa.close());

  const rootHash = () => new Uint8Array(createHash("sha256").update(randomBytes(16)).digest());

  it("obtains a token over the root hash that our checks and `openssl ts -verify` both accept", async () => {
    tsa.mode = "ok";
    const client = new TsaClient({ url: tsa.url, caFile: tsa.caFile });
    const hash = rootHash();
    const before = Date.now();
    const token = await client.timestamp(hash);
    expect(token.genTime).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(token.genTime).toBeLessThanOrEqual(Date.now() + 1000);
    expect(token.policy).toBe("1.2.3.4.1");
    expect(token.signer).toContain("Test TSA");
    expect(await tsa.verifyWithOpenssl(token.token, Buffer.from(hash).toString("hex"))).toBe(true);
    // The imprint is exactly this hash: OpenSSL refuses the token for any other.
    expect(await tsa.verifyWithOpenssl(token.token, Buffer.from(rootHash()).toString("hex"))).toBe(false);
  });

  it("refuses a replayed answer (another request's nonce and imprint)", async () => {
    tsa.mode = "ok";
    const client = new TsaClient({ url: tsa.url });
    await client.timestamp(rootHash());
    tsa.mode = "replay";
    await expect(client.timestamp(rootHash())).rejects.toThrow(TimestampError);
    await expect(client.timestamp(rootHash())).rejects.toThrow(/message imprint|nonce/);
    tsa.mode = "fail";
    await expect(client.timestamp(rootHash())).rejects.toThrow(/HTTP 500/);
    tsa.mode = "ok";
  });

  it("refuses a token signed under another CA than the configured one, and a token with a changed byte", async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "other-ca-"));
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "k.pem", "-out", "ca.crt", "-days", "1", "-subj", "/CN=Other Root"], { cwd: otherDir, stdio: "ignore" });
      const stranger = new TsaClient({ url: tsa.url, caFile: path.join(otherDir, "ca.crt") });
      await expect(stranger.timestamp(rootHash())).rejects.toThrow(/certificate authority/);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }

    const client = new TsaClient({ url: tsa.url, caFile: tsa.caFile });
    const hash = rootHash();
    const good = await client.timestamp(hash);
    // A stored token is checked again without the nonce: it passes as issued, fails with one byte
    // of its signature changed, and fails for any other root hash.
    expect(checkToken(good.token, { hashedMessage: hash, trustedCertificates: [] }).serialNumber).toBe(good.serialNumber);
    const tampered = Uint8Array.from(good.token);
    tampered[tampered.length - 1] ^= 0x01;
    expect(() => checkToken(tampered, { hashedMessage: hash })).toThrow(/signature does not verify/);
    expect(() => checkToken(good.token, { hashedMessage: rootHash() })).toThrow(/message imprint/);
  });
});
