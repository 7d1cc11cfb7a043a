/**
 * Evidence packaging throughput: originals streamed into one ZIP with their SHA-256 checked on the
 * way, against a baseline measured in the same run of streaming the same bytes into one plain file
 * (the least any packer must do). Certificates and proofs are fixed buffers here: their cost is
 * bench/certificate-pdf.bench.ts's subject; this one is the packer's streaming path.
 * The two alternate for three rounds, each output deleted before the next run (so neither pays
 * for the other's dirty pages being written back), and the medians are compared; the CPU seconds
 * of each (this process) are printed too, the steadier figure when the machine is shared.
 *   npx tsx bench/evidence-package.bench.ts
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { writeEvidencePackage } from "../server/modules/evidence-library/package-writer.js";
import { packableRecords } from "../tests/support/packable-records.js";

const FILES = 8;
const FILE_MB = 32;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "package-bench-"));
const { records, ports } = packableRecords(dir, FILES, FILE_MB * 1024 * 1024);
const totalMb = FILES * FILE_MB;

async function timed(label: string, run: () => Promise<void>): Promise<{ rate: number; cpuSeconds: number }> {
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  await run();
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rate = totalMb / seconds;
  console.log(`${label.padEnd(48)} ${rate.toFixed(0).padStart(6)} MB/s  (${seconds.toFixed(2)} s for ${totalMb} MB, CPU ${cpuSeconds.toFixed(2)} s)`);
  for (const name of fs.readdirSync(dir)) if (!name.startsWith("source-")) fs.rmSync(path.join(dir, name));
  return { rate, cpuSeconds };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function plainCopy() {
  const out = fs.createWriteStream(path.join(dir, `copy-${randomBytes(4).toString("hex")}.bin`));
  for (const record of records) {
    for await (const chunk of fs.createReadStream(record.blobSha256!)) if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await finished(out);
}

await plainCopy(); // warm the page cache for both
const baselines = [];
const packs = [];
for (let round = 0; round < 3; round += 1) {
  baselines.push(await timed("baseline: stream the originals into one file", plainCopy));
  packs.push(
    await timed("ZIP with per-file SHA-256 check, manifest, lists", async () => {
      await writeEvidencePackage(path.join(dir, `package-${randomBytes(4).toString("hex")}.zip`), records, ports, { createdAt: Date.now() });
    }),
  );
}
const ratio = median(packs.map((run) => run.rate)) / median(baselines.map((run) => run.rate));
const cpuRatio = median(baselines.map((run) => run.cpuSeconds)) / median(packs.map((run) => run.cpuSeconds));
console.log(`packaging / baseline (medians of 3)               ${ratio.toFixed(2)}×   (CPU time: baseline / packaging ${cpuRatio.toFixed(2)}×)`);
fs.rmSync(dir, { recursive: true, force: true });
