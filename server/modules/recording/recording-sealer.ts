import fs from "node:fs";
import fsp from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { CLOUD_BROWSER_PROCEDURE_FILE, CloudBrowserProcedureSchema, type CloudBrowserProcedure } from "../../../src/schema/cloud-browser.js";
import { RECORDING_ENDING_LABELS, RECORDING_LIFECYCLE, RECORDING_SOURCE_LABELS, RecordingEnvironmentSchema, type RecordingEnding, type RecordingKind } from "../../../src/schema/recording.js";
import { mediaExtensionOf, RECORDING_PACKAGE_PATHS, type RecordingAnchorProof } from "../../../src/schema/recording-package.js";
import { RecordingAnchorEntrySchema } from "../../../src/schema/recording-anchor-entry.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { PackageUnits } from "../purchase/package-units.js";
import type { RecordingAnchors } from "./recording-anchors.js";
import type { RecordingFiles } from "./recording-files.js";
import { SINGLE_PART_DIR, writeRecordingPackage, type PackagePart } from "./recording-package-writer.js";
import type { RecordingRepository, RecordingRow } from "./recording.repository.js";

export type RecordingSealerDependencies = {
  db: Kysely<Database>;
  repository: RecordingRepository;
  files: RecordingFiles;
  anchors: RecordingAnchors;
  ledger: Pick<LedgerPort, "proofBundle" | "latestCheckpoint">;
  units: Pick<PackageUnits, "settle" | "release">;
  evidence: Pick<EvidenceService, "savePlatformContent" | "newCertificateNo">;
  blobs: BlobStore;
  now: () => number;
  log: FastifyBaseLogger;
};

const NOTHING_RECORDED = "没有收到任何录制内容";
/** How long a sealing that could not finish (the ledger not answering, storage full) waits before its next attempt. */
const RETRY_MS = 30_000;

/**
 * Seals recordings that stopped (a standalone recording, or a mobile array's group with its
 * parts): waits until every anchor is on the ledger, writes the package with each anchor's proof,
 * stores it as one evidence record, then marks the recording (and its parts) sealed and spends the
 * unit in one transaction. Crash-safe as the capture sealer is: the certificate number is chosen
 * durably first, the package is a content-addressed blob recorded on the row before the evidence
 * is stored, and the evidence is found again by its number.
 */
export class RecordingSealer {
  readonly #running = new Map<number, Promise<void>>();
  #isClosed = false;
  readonly #retries = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: RecordingSealerDependencies) {}

  /** Seals `id` in the background (a part: its group, once the group is stopped). */
  kick(id: number): void {
    if (this.#isClosed || this.#running.has(id)) return;
    const work = this.sealNow(id)
      .catch((error) => {
        this.deps.log.error({ err: error, recordingId: id }, "recording: sealing failed; it is tried again");
        if (this.#isClosed) return;
        const timer = setTimeout(() => {
          this.#retries.delete(timer);
          this.kick(id);
        }, RETRY_MS);
        timer.unref();
        this.#retries.add(timer);
      })
      .finally(() => this.#running.delete(id));
    this.#running.set(id, work);
  }

  /** Every recording left in sealing (a restart in the middle); `leftBefore`: only those unchanged since before it (server/jobs/recovery-pass.ts). */
  async resume(leftBefore: number | null = null): Promise<void> {
    for (const row of await this.deps.repository.inState("sealing", leftBefore)) if (row.group_id === null) this.kick(row.id);
  }

  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()]);
  }

  async close(): Promise<void> {
    this.#isClosed = true;
    for (const timer of this.#retries) clearTimeout(timer);
    await this.idle();
  }

  async sealNow(id: number): Promise<void> {
    const { repository } = this.deps;
    const row = await repository.find(id);
    if (!row || row.state !== "sealing" || row.group_id !== null) return;
    const parts = row.is_group ? await repository.partsOf(id) : [row];
    // A part still recording is ended by its group's stop; until then there is nothing to seal.
    if (parts.some((part) => part.state === "recording")) return;
    const recorded = parts.filter((part) => part.chunk_count > 0 && part.state === "sealing");
    if (recorded.length === 0) return this.fail(row, parts, NOTHING_RECORDED);

    for (const part of recorded) {
      if ((await this.deps.anchors.settle(part.id)) > 0) throw new Error(`recording ${part.id}: anchors not yet on the ledger`);
    }
    let certificateNo = row.certificate_no;
    if (!certificateNo) {
      certificateNo = this.deps.evidence.newCertificateNo();
      const number = certificateNo;
      if (!(await durableTransaction(this.deps.db, (trx) => repository.updateIn(trx, id, "sealing", { certificate_no: number, updated_at: this.deps.now() })))) return;
    }
    const sealed = row.package_blob ? row : await this.commitPackage({ ...row, certificate_no: certificateNo }, recorded);
    const evidenceId = await this.deps.evidence.savePlatformContent(row.user_id, {
      kind: row.kind as RecordingKind,
      certificateNo,
      name: row.name,
      size: Number(sealed.package_bytes),
      sha256: sealed.package_sha256!,
      sm3: sealed.package_sm3!,
      blobSha256: sealed.package_blob!,
      details: await this.evidenceDetails(sealed, recorded),
    });
    await durableTransaction(this.deps.db, async (trx) => {
      const now = this.deps.now();
      const to = RECORDING_LIFECYCLE.next("sealing", "seal");
      if (!(await repository.updateIn(trx, id, "sealing", { state: to, evidence_id: evidenceId, updated_at: now }))) throw new Error(`recording ${id} left sealing while it was sealed`);
      for (const part of parts) if (part.id !== id) await repository.updateIn(trx, part.id, "sealing", { state: to, evidence_id: evidenceId, certificate_no: certificateNo, updated_at: now });
      if (row.unit_reservation_id !== null) await this.deps.units.settle(row.unit_reservation_id, trx);
    });
    // The chunks now live in the package blob.
    for (const part of parts) await this.deps.files.clear(part.id);
  }

  private async fail(row: RecordingRow, parts: readonly RecordingRow[], failure: string): Promise<void> {
    await durableTransaction(this.deps.db, async (trx) => {
      const now = this.deps.now();
      const to = RECORDING_LIFECYCLE.next("sealing", "fail");
      if (!(await this.deps.repository.updateIn(trx, row.id, "sealing", { state: to, failure, updated_at: now }))) return;
      for (const part of parts) if (part.id !== row.id) await this.deps.repository.updateIn(trx, part.id, "sealing", { state: to, failure, updated_at: now });
      if (row.unit_reservation_id !== null) await this.deps.units.release(row.unit_reservation_id, trx);
    });
    for (const part of parts) await this.deps.files.clear(part.id);
  }

  /** The package written, put into the blob store and recorded on the row before any evidence names it. */
  private async commitPackage(row: RecordingRow, parts: readonly RecordingRow[]): Promise<RecordingRow> {
    const treeSize = (await this.deps.ledger.latestCheckpoint())?.treeSize;
    const packageParts: PackagePart[] = [];
    for (const [position, part] of parts.entries()) packageParts.push(await this.partOf(part, row.is_group ? `part-${position + 1}` : SINGLE_PART_DIR, treeSize));
    const target = await this.deps.files.workFile(`recording-${row.id}-package`);
    try {
      const { whole, files } = await writeRecordingPackage(
        target,
        { kind: row.kind as RecordingKind, certificateNo: row.certificate_no!, name: row.name, sealedAt: new Date(this.deps.now()).toISOString() },
        packageParts,
        new Date(Number(row.created_at)),
      );
      const temp = await this.deps.blobs.writeTemp(fs.createReadStream(target));
      if (temp.sha256 !== whole.sha256) {
        await temp.discard();
        throw new Error(`recording ${row.id}: the package changed while it was stored`);
      }
      const blob = await temp.commit();
      const patch = { package_blob: blob, package_sha256: whole.sha256, package_sm3: whole.sm3, package_bytes: whole.bytes, files_json: JSON.stringify(files), updated_at: this.deps.now() };
      if (!(await durableTransaction(this.deps.db, (trx) => this.deps.repository.updateIn(trx, row.id, "sealing", patch)))) throw new Error(`recording ${row.id} left sealing while it was packaged`);
      return { ...row, ...patch };
    } finally {
      await fsp.rm(target, { force: true });
    }
  }

  private async partOf(part: RecordingRow, dir: string, treeSize: number | undefined): Promise<PackagePart> {
    const environment = RecordingEnvironmentSchema.parse(JSON.parse(part.environment_json));
    const chunks = await this.deps.repository.chunks(part.id);
    const anchors: RecordingAnchorProof[] = [];
    for (const anchor of await this.deps.repository.anchors(part.id)) {
      const ledgerIndex = Number(anchor.ledger_index);
      anchors.push({ entry: anchor.entry, fields: RecordingAnchorEntrySchema.parse(JSON.parse(anchor.entry)), ledgerIndex, proof: await this.deps.ledger.proofBundle(ledgerIndex, treeSize) });
    }
    return {
      dir,
      label: part.name,
      anchors,
      description: {
        uid: part.uid,
        mediaPath: `${dir}/${RECORDING_PACKAGE_PATHS.mediaStem}.${mediaExtensionOf(environment.mimeType)}`,
        mimeType: environment.mimeType,
        startedAt: new Date(Number(part.created_at)).toISOString(),
        endedAt: new Date(Number(part.ended_at ?? part.last_chunk_at ?? part.created_at)).toISOString(),
        durationMs: Number(part.duration_ms),
        chunkCount: part.chunk_count,
        ending: (part.ending ?? "interrupted") as RecordingEnding,
        environment,
      },
      chunks: chunks.map((chunk) => ({
        index: chunk.idx,
        offset: Number(chunk.offset),
        bytes: Number(chunk.bytes),
        sha256: chunk.sha256,
        sm3: chunk.sm3,
        chainSha256: chunk.chain_sha256,
        chainSm3: chunk.chain_sm3,
        recordedMs: Number(chunk.recorded_ms),
        receivedAt: Number(chunk.received_at),
        open: () => this.deps.files.openChunk(part.id, chunk),
      })),
      attached: await this.deps.files.attached(part.id),
    };
  }

  /** What the evidence record keeps of the recording: the facts its certificate shows. */
  private async evidenceDetails(row: RecordingRow, parts: readonly RecordingRow[]): Promise<Record<string, unknown>> {
    const partFacts = [];
    for (const part of parts) {
      const environment = RecordingEnvironmentSchema.parse(JSON.parse(part.environment_json));
      const anchors = await this.deps.repository.anchors(part.id);
      partFacts.push({
        recordingId: part.id,
        uid: part.uid,
        name: part.name,
        durationMs: Number(part.duration_ms),
        chunks: part.chunk_count,
        bytes: Number(part.bytes),
        ending: part.ending,
        startedAt: Number(part.created_at),
        endedAt: part.ended_at === null ? null : Number(part.ended_at),
        environment,
        anchors: anchors.map((anchor) => ({ seq: anchor.seq, chunks: anchor.chunks, durationMs: Number(anchor.duration_ms), time: Number(anchor.time), ledgerIndex: Number(anchor.ledger_index), final: Boolean(anchor.final) })),
      });
    }
    const [first] = partFacts;
    const ending: RecordingEnding = parts.every((part) => part.ending === "stopped") && row.ending === "stopped" ? "stopped" : "interrupted";
    return {
      recordingId: row.id,
      purpose: row.purpose,
      target: row.target,
      source: row.source,
      sourceLabel: RECORDING_SOURCE_LABELS[row.source as keyof typeof RECORDING_SOURCE_LABELS],
      ending,
      endingLabel: RECORDING_ENDING_LABELS[ending],
      durationMs: Math.max(...partFacts.map((part) => part.durationMs)),
      chunks: partFacts.reduce((sum, part) => sum + part.chunks, 0),
      // A single recording's anchors and environment; a mobile array's are in each of its parts.
      anchors: row.is_group ? [] : first.anchors,
      environment: row.is_group ? null : first.environment,
      parts: partFacts,
      packageFiles: row.files_json ? JSON.parse(row.files_json) : [],
      procedure: row.source === "cloudBrowser" && !row.is_group ? await this.procedureOf(row.id) : null,
    };
  }

  /** The cloud browser's procedure.json (attached by its engine), or null when it ended before writing one. */
  private async procedureOf(id: number): Promise<CloudBrowserProcedure | null> {
    const bytes = await this.deps.files.readAttached(id, CLOUD_BROWSER_PROCEDURE_FILE);
    const parsed = bytes === null ? null : CloudBrowserProcedureSchema.safeParse(JSON.parse(bytes.toString("utf8")));
    return parsed?.success ? parsed.data : null;
  }
}
