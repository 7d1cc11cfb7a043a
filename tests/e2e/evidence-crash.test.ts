import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { webapiPath } from "../../src/schema/contract.js";
import { evidenceEndpoints } from "../../src/schema/evidence.js";
import { LEDGER_ENDPOINTS } from "../../src/schema/ledger.js";
import { registerUser, uniqueMobile } from "./support/api-accounts.js";
import { uploadEvidence } from "./support/evidence-upload.js";
import { startServer, type ServerProcess } from "./support/server-process.js";
import { signedGet } from "./support/signed-fetch.js";

let server: ServerProcess | undefined;
afterAll(async () => server?.stop());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("evidence uploads across a crash", () => {
  it("keeps every acknowledged upload, listed as stored with its blob intact, after kill -9 and restart", async () => {
    server = await startServer();
    const { dataDir } = server;
    const session = await registerUser(server.url, uniqueMobile(), "abc12345");
    const acknowledged = new Map<string, string>(); // certificateNo → sha256
    let isKilled = false;
    const url = server.url;

    // A burst of uploads; the process is killed once some are acknowledged and others are in flight.
    const uploads = Array.from({ length: 40 }, async (_, index) => {
      const content = randomBytes(50_000 + index * 1000);
      await new Promise((resolve) => setTimeout(resolve, index * 15));
      try {
        const answer = await uploadEvidence(url, evidenceEndpoints("file").create, session.token, {}, [{ name: `burst-${index}.pdf`, content }]);
        if (answer.code === 200 && !isKilled) {
          for (const record of answer.datas as { certificateNo: string; status: string; sha256: string }[]) {
            expect(record.status).toBe("stored");
            acknowledged.set(record.certificateNo, sha256(content));
          }
        }
      } catch {
        // cut off by the kill: never acknowledged
      }
    });
    while (acknowledged.size < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    isKilled = true;
    const atKill = new Map(acknowledged);
    await server.kill9();
    await Promise.all(uploads);

    server = await startServer({ dataDir });
    const listed = await signedGet(server.url, webapiPath(evidenceEndpoints("file").list), { token: session.token, pageSize: "100" });
    const records = listed.body.datas.list as { certificateNo: string; status: string; sha256: string; ledgerIndex: number }[];
    expect(records.filter((record) => record.status === "pending")).toEqual([]);
    // The kill cut the burst: some uploads were never acknowledged.
    expect(atKill.size).toBeLessThan(40);
    console.log(`crash: ${atKill.size} acknowledged before kill -9; after restart ${records.length} records (${records.filter((record) => record.status === "stored").length} stored, ${records.filter((record) => record.status === "failed").length} failed)`);
    for (const [certificateNo, digest] of atKill) {
      const record = records.find((candidate) => candidate.certificateNo === certificateNo);
      expect(record, certificateNo).toMatchObject({ status: "stored", sha256: digest });
      const blob = fs.readFileSync(path.join(dataDir, "blobs", digest.slice(0, 2), digest.slice(2, 4), digest));
      expect(sha256(blob)).toBe(digest);
    }
    // Every stored record's entry is in the ledger.
    const stored = records.filter((record) => record.status === "stored");
    const checkpoint = await signedGet(server.url, webapiPath(LEDGER_ENDPOINTS.getCheckpoint));
    expect(checkpoint.body.code).toBe(200);
    for (const record of stored) {
      const proof = await signedGet(server.url, webapiPath(LEDGER_ENDPOINTS.getInclusionProof), { index: String(record.ledgerIndex) });
      expect(proof.body.code, JSON.stringify(proof.body)).toBe(200);
    }
  }, 180_000);
});
