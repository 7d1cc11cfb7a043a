import { afterAll, describe, expect, it } from "vitest";
import { CERTIFICATE_PDF_MESSAGES, CertificatePdfPool } from "../../../server/modules/certificate/certificate-pdf-pool.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { verifyCertificate } from "../../../src/verification/certificate-checks.js";
import { readCertificatePdf } from "../../../src/verification/certificate-file.js";
import { issueCertificate } from "./certificate-fixture.js";

const issued = await issueCertificate();
const input = { facts: issued.facts, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, issuedAt: 1_767_225_660_000 };
const pool = new CertificatePdfPool({ workers: 1, maxQueued: 2 });
afterAll(() => pool.close());

describe("the certificate PDF pool", () => {
  it("draws on its thread a certificate that verifies, as the in-process renderer does", async () => {
    await pool.warmUp();
    const certificate = await readCertificatePdf(new Uint8Array(await pool.render(input)));
    expect(certificate.facts).toEqual(issued.facts);
    expect(certificate.entry).toEqual(issued.entryBytes);
    expect(verifyCertificate({ entry: certificate.entry, proofBundle: certificate.proofBundle, verifierKeys: [issued.keys.verifierKey] }).ok).toBe(true);
  }, 60_000);

  it("refuses an interactive request at once with a Chinese 'busy' message when its queue is full; background work waits its turn", async () => {
    // One drawing in the thread, two waiting: the fourth interactive request is refused.
    const accepted = [pool.render(input), pool.render(input), pool.render(input)];
    await expect(pool.render(input)).rejects.toMatchObject({ code: ResultCode.rateLimited, message: CERTIFICATE_PDF_MESSAGES.busy, options: { httpStatus: 503 } });
    const background = pool.render(input, { background: true });
    const pdfs = await Promise.all([...accepted, background]);
    expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString("latin1") === "%PDF-")).toBe(true);
    // Once the queue has drained, requests are taken again.
    expect((await pool.render(input)).length).toBeGreaterThan(0);
  }, 60_000);

  it("abandons a drawing that exceeds its time limit with a Chinese message, and gives each next one a fresh thread", async () => {
    const hasty = new CertificatePdfPool({ timeoutMs: 1 });
    try {
      const results = await Promise.allSettled([hasty.render(input), hasty.render(input)]);
      for (const result of results) {
        expect(result).toMatchObject({ status: "rejected", reason: { code: ResultCode.timeout, message: CERTIFICATE_PDF_MESSAGES.timeout } });
      }
    } finally {
      await hasty.close();
    }
  }, 60_000);

  it("on close fails what is in flight or waiting, and takes nothing more", async () => {
    const closing = new CertificatePdfPool();
    // Settled before closing, so the rejections close causes are handled when they happen.
    const settled = Promise.allSettled([closing.render(input), closing.render(input)]);
    await closing.close();
    for (const result of await settled) expect(result).toMatchObject({ status: "rejected", reason: { message: "certificate PDF pool closed" } });
    await expect(closing.render(input)).rejects.toThrow("certificate PDF pool closed");
  }, 60_000);
});
