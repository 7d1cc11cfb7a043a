import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import {
  MOBILE_ARRAY_MAX_DEVICES,
  RECORDING_ANCHOR_INTERVAL_MS,
  RECORDING_CHUNK_MAX_BYTES,
  RECORDING_FILES,
  RECORDING_IDLE_TIMEOUT_MS,
  RECORDING_LIFECYCLE,
  RECORDING_MAX_DURATION_MS,
  RECORDING_MESSAGES,
  RECORDING_PACKAGE_CODE,
  RecordingCode,
  RecordingEnvironmentSchema,
  RecordingStateError,
  type RecordingAction,
  type RecordingAllowance,
  type RecordingChunkFields,
  type RecordingChunkReceipt,
  type RecordingDetail,
  type RecordingEnding,
  type RecordingFileKind,
  type RecordingKind,
  type RecordingListQuery,
  type RecordingRecord,
  type RecordingState,
  type RecordingUploadState,
  type ScreenRecordStart,
} from "../../../src/schema/recording.js";
import { mediaExtensionOf, RECORDING_PACKAGE_PATHS } from "../../../src/schema/recording-package.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import { chainStart, chainStep } from "../../../isomorphic/recording/chunk-chain.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { openStoredEntry } from "../../capture/package/wacz-reader.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import { safeFileName } from "../../http/file-download.js";
import { nodeChainDigests } from "../../ledger/node-crypto.js";
import type { PackageUnits, UnitProduct } from "../purchase/package-units.js";
import type { RecordingFiles } from "./recording-files.js";
import { SINGLE_PART_DIR } from "./recording-package-writer.js";
import type { RecordingAnchors } from "./recording-anchors.js";
import type { RecordingSink, RecordingStart } from "./recording-sink.js";
import { toRecordingDetail, toRecordingRecord } from "./recording-views.js";
import type { AnchorRow, RecordingRepository, RecordingRow } from "./recording.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The service name under which recordings reserve package units. */
const RECORDING_UNIT_SERVICE = "recording";
/** A held unit outlives the longest recording and its sealing by far: only sealing or failing ends it. */
const RESERVATION_DAYS = 30;
/** Package 30002: its count only (bundles hold snapshots, not recordings). */
export const RECORDING_UNITS: UnitProduct = { code: RECORDING_PACKAGE_CODE, hasBundles: false, noUnits: { code: RecordingCode.noUnits, message: RECORDING_MESSAGES.noUnits } };

export type EngineAvailability = { available: true } | { available: false; reason: string };

export type RecordingServiceDependencies = {
  db: Kysely<Database>;
  repository: RecordingRepository;
  files: RecordingFiles;
  anchors: RecordingAnchors;
  units: Pick<PackageUnits, "accountOf" | "reserve" | "release" | "allowance">;
  blobs: BlobStore;
  /** Whether this server can run each kind of recorder (a cloud browser, ffmpeg). */
  engines: { cloudBrowser: () => Promise<EngineAvailability>; ffmpeg: () => Promise<EngineAvailability> };
  /** Told when a recording (or group) may be ready to seal. */
  kickSealer: (id: number) => void;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * Recordings (issue 16): what every recorder feeds (RecordingSink) and the holder's calls. Chunks
 * of one recording are taken one at a time (an in-process lock per recording; the chunk table's key
 * guards across processes), each a file of the blob store (recording-files.ts, so the next chunk
 * may go to any process) with its row and the recording's new chain heads before it is answered. Every state change goes through RECORDING_LIFECYCLE and is written only if
 * the row is still in the state it was read in.
 */
export class RecordingService implements RecordingSink {
  readonly #locks = new Map<number, Promise<unknown>>();

  constructor(private readonly deps: RecordingServiceDependencies) {}

  // ---- the sink ----

  async start(userId: number, request: RecordingStart): Promise<RecordingRecord> {
    const environment = RecordingEnvironmentSchema.parse(request.environment);
    const groupId = request.groupId ?? null;
    if (groupId !== null) await this.admitPart(userId, groupId);
    const isPaid = groupId === null;
    const account = isPaid ? await this.deps.units.accountOf(userId) : null;
    const now = this.deps.now();
    const uid = randomBytes(16).toString("hex");
    const heads = chainStart(uid, nodeChainDigests);
    const id = await durableTransaction(this.deps.db, async (trx) => {
      const id = await this.deps.repository.insert(trx, {
        user_id: userId,
        acting_user_id: userId,
        uid,
        kind: request.kind,
        source: request.source,
        name: request.name,
        purpose: request.purpose,
        target: request.target,
        state: "recording",
        ending: null,
        is_group: request.isGroup ? 1 : 0,
        group_id: groupId,
        environment_json: JSON.stringify(environment),
        unit_reservation_id: null,
        head_sha256: heads.sha256,
        head_sm3: heads.sm3,
        last_chunk_at: null,
        certificate_no: null,
        evidence_id: null,
        package_blob: null,
        package_sha256: null,
        package_sm3: null,
        package_bytes: null,
        files_json: null,
        failure: null,
        created_at: now,
        updated_at: now,
        ended_at: null,
      });
      if (account) {
        const unit = await this.deps.units.reserve(account, { service: RECORDING_UNIT_SERVICE, reference: String(id), expiresAt: now + RESERVATION_DAYS * DAY_MS, product: RECORDING_UNITS }, trx);
        await this.deps.repository.updateIn(trx, id, "recording", { unit_reservation_id: unit.id });
      }
      return id;
    });
    return this.recordOf(await this.row(id));
  }

  appendChunk(userId: number, fields: RecordingChunkFields, chunk: Readable): Promise<RecordingChunkReceipt> {
    return this.locked(fields.id, () => this.takeChunk(userId, fields, chunk));
  }

  async uploadState(userId: number, id: number): Promise<RecordingUploadState> {
    const row = await this.holderRow(userId, id);
    const chunks = await this.deps.repository.chunks(id);
    const anchors = await this.deps.repository.anchorCounts([id]);
    return { id, state: row.state as RecordingState, received: row.chunk_count, bytes: Number(row.bytes), durationMs: Number(row.duration_ms), anchors: anchors.get(id) ?? 0, chunkSha256: chunks.map((chunk) => chunk.sha256) };
  }

  async attachFile(userId: number, id: number, name: string, sourcePath: string): Promise<void> {
    const row = await this.holderRow(userId, id);
    if (row.state !== "recording" && row.state !== "sealing") throw this.refusal(row.state as RecordingState, "stop");
    const safe = safeFileName(name);
    // The recorder's own files (the cloud browser's network.warc.gz and events.jsonl) are named in RECORDING_PACKAGE_PATHS too.
    const { warc: _warc, events: _events, ...packageOwn } = RECORDING_PACKAGE_PATHS;
    const reserved = new Set<string>(Object.values(packageOwn));
    if (reserved.has(safe) || safe.startsWith(`${RECORDING_PACKAGE_PATHS.mediaStem}.`)) throw new Error(`recording ${id}: "${name}" is a name the package uses itself`);
    await this.deps.files.attach(id, safe, sourcePath);
  }

  stop(userId: number, id: number, ending: RecordingEnding = "stopped"): Promise<RecordingRecord> {
    return this.end(userId, id, ending === "stopped" ? "stop" : "interrupt");
  }

  // ---- the holder's calls ----

  async allowance(userId: number): Promise<RecordingAllowance> {
    const [units, cloudBrowser, ffmpeg] = await Promise.all([this.deps.units.allowance(userId, RECORDING_UNITS), this.deps.engines.cloudBrowser(), this.deps.engines.ffmpeg()]);
    const view = (engine: EngineAvailability) => (engine.available ? { available: true, reason: null } : { available: false, reason: engine.reason });
    return { packageRemaining: units.packageRemaining, engines: { cloudBrowser: view(cloudBrowser), ffmpeg: view(ffmpeg) } };
  }

  /** The browser's screen recording: its environment as reported, and its clock against ours. */
  startScreen(userId: number, form: ScreenRecordStart): Promise<RecordingRecord> {
    return this.start(userId, {
      kind: "screenRecord",
      source: "browser",
      name: form.name,
      purpose: form.purpose ?? null,
      target: null,
      environment: { ...form.environment, source: "browser", device: null, clockOffsetMs: Math.round(form.clientTime - this.deps.now()) },
    });
  }

  async discard(userId: number, id: number): Promise<RecordingRecord> {
    return this.locked(id, async () => {
      const row = await this.holderRow(userId, id);
      const to = this.edge(row.state as RecordingState, "discard");
      const parts = row.is_group ? await this.deps.repository.partsOf(id) : [];
      await durableTransaction(this.deps.db, async (trx) => {
        const now = this.deps.now();
        const patch = { state: to, failure: "已放弃录制", ended_at: now, updated_at: now };
        if (!(await this.deps.repository.updateIn(trx, id, "recording", patch))) throw this.refusal(row.state as RecordingState, "discard");
        for (const part of parts) await this.deps.repository.updateIn(trx, part.id, "recording", patch);
        if (row.unit_reservation_id !== null) await this.deps.units.release(row.unit_reservation_id, trx);
      });
      for (const recording of [row, ...parts]) await this.deps.files.clear(recording.id);
      return this.recordOf(await this.row(id));
    });
  }

  async list(userId: number, kind: RecordingKind, query: RecordingListQuery): Promise<PageP<RecordingRecord>> {
    const { rows, total } = await this.deps.repository.list(userId, {
      kind,
      ...(query.keyName ? { keyName: query.keyName } : {}),
      ...(query.state ? { state: query.state } : {}),
      ...filterDayRange(query.startTime, query.endTime),
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    });
    const list = await Promise.all(rows.map((row) => this.recordOf(row)));
    return { list, pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async detail(userId: number, id: number): Promise<RecordingDetail> {
    const row = await this.holderRow(userId, id);
    const parts = row.is_group ? await this.deps.repository.partsOf(id) : [];
    const counts = await this.deps.repository.anchorCounts(parts.map((part) => part.id));
    const anchors = row.is_group ? [] : await this.deps.repository.anchors(id);
    return toRecordingDetail(
      row,
      anchors,
      parts.map((part) => ({ row: part, anchors: counts.get(part.id) ?? 0 })),
    );
  }

  /** The sealed package, or its one recording's media read back out of it. */
  async openFile(userId: number, id: number, kind: RecordingFileKind): Promise<{ body: Readable; name: string; contentType: string }> {
    const row = await this.holderRow(userId, id);
    const location = row.state === "sealed" && row.package_blob ? await this.deps.blobs.localPath(row.package_blob) : null;
    if (!location) throw new BusinessError(ResultCode.notFound, RECORDING_MESSAGES.notFound);
    const file = RECORDING_FILES[kind];
    if (kind === "package") return { body: fs.createReadStream(location), name: `${row.name}-${row.id}-${file.label}.${file.extension}`, contentType: file.contentType };
    if (row.is_group) throw new BusinessError(ResultCode.notFound, RECORDING_MESSAGES.notFound);
    const environment = RecordingEnvironmentSchema.parse(JSON.parse(row.environment_json));
    const extension = mediaExtensionOf(environment.mimeType);
    const body = await openStoredEntry(location, `${SINGLE_PART_DIR}/${RECORDING_PACKAGE_PATHS.mediaStem}.${extension}`);
    if (!body) throw new BusinessError(ResultCode.notFound, RECORDING_MESSAGES.notFound);
    return { body, name: `${row.name}-${row.id}-${file.label}.${extension}`, contentType: environment.mimeType.split(";")[0].trim() || file.contentType };
  }

  // ---- recovery and housekeeping ----

  /**
   * Recordings silent for RECORDING_IDLE_TIMEOUT_MS (a group: all its parts) are interrupted and
   * sealed with what they have. Answers the ids interrupted.
   */
  async interruptIdle(): Promise<number[]> {
    const cutoff = this.deps.now() - RECORDING_IDLE_TIMEOUT_MS;
    const open = await this.deps.repository.inState("recording");
    const interrupted: number[] = [];
    for (const row of open.filter((candidate) => candidate.group_id === null)) {
      const members = row.is_group ? await this.deps.repository.partsOf(row.id) : [row];
      const lastActivity = Math.max(Number(row.created_at), ...members.map((member) => Number(member.last_chunk_at ?? member.created_at)));
      if (lastActivity > cutoff) continue;
      if (await this.endQuietly(row.id, "interrupt")) interrupted.push(row.id);
    }
    return interrupted;
  }

  /** At start-up: recordings whose recorder ran in this process (the cloud browser, the stream recorder) are cut off. */
  async interruptOrphans(): Promise<number[]> {
    const open = await this.deps.repository.inState("recording");
    const interrupted: number[] = [];
    for (const row of open) {
      if (row.source !== "cloudBrowser" && row.source !== "liveStream") continue;
      const top = row.group_id ?? row.id;
      if (await this.endQuietly(top, "interrupt")) interrupted.push(top);
    }
    return interrupted;
  }

  /** Anchors every recording whose newest chunks have waited `wallMs` of wall time since its last anchor (or its start). */
  async anchorWaiting(wallMs = RECORDING_ANCHOR_INTERVAL_MS): Promise<number> {
    let planned = 0;
    for (const candidate of await this.deps.repository.recordingsWithUnanchoredChunks()) {
      const anchor = await this.locked(candidate.id, async () => {
        const row = await this.row(candidate.id);
        if (row.state !== "recording" || row.chunk_count === 0 || !isAnchorWaiting(row, await this.deps.repository.lastAnchor(row.id), this.deps.now(), wallMs)) return null;
        const size = await this.deps.anchors.ledgerSize();
        return durableTransaction(this.deps.db, async (trx) => {
          // Looked at again behind the row's lock (a write that changes nothing): another process's
          // sweep or chunk either committed before, and is seen here, or waits for this one.
          if (!(await this.deps.repository.updateIn(trx, row.id, "recording", { chunk_count: row.chunk_count }, row.chunk_count))) return null;
          if (!isAnchorWaiting(row, await this.deps.repository.lastAnchor(row.id, trx), this.deps.now(), wallMs)) return null;
          return this.deps.anchors.plan(trx, row, headsPlan(row, false), size);
        });
      });
      if (anchor) {
        planned++;
        void this.deps.anchors.log(anchor);
      }
    }
    return planned;
  }

  // ---- helpers ----

  private async takeChunk(userId: number, fields: RecordingChunkFields, chunk: Readable): Promise<RecordingChunkReceipt> {
    const row = await this.holderRow(userId, fields.id);
    if (row.is_group) {
      await drain(chunk);
      throw new BusinessError(RecordingCode.notRecording, RECORDING_MESSAGES.notRecording);
    }
    if (fields.index < row.chunk_count) return this.replay(row, fields, chunk);
    if (row.state !== "recording") {
      await drain(chunk);
      throw new BusinessError(RecordingCode.notRecording, RECORDING_MESSAGES.notRecording);
    }
    if (fields.index > row.chunk_count) {
      await drain(chunk);
      throw new BusinessError(RecordingCode.chunkOutOfOrder, RECORDING_MESSAGES.chunkOutOfOrder, { extra: { received: row.chunk_count } });
    }
    const held = await this.deps.files.receive(row.id, fields.index, chunk, RECORDING_CHUNK_MAX_BYTES);
    const refuse = async (code: number, message: string) => {
      await held.discard();
      return new BusinessError(code, message, { errors: { chunk: message } });
    };
    if (held.isTooLarge) throw await refuse(ResultCode.validationFailed, RECORDING_MESSAGES.chunkTooLarge);
    if (held.bytes === 0) throw await refuse(ResultCode.validationFailed, RECORDING_MESSAGES.chunkEmpty);
    if (held.sha256 !== fields.sha256) throw await refuse(RecordingCode.chunkDigestMismatch, RECORDING_MESSAGES.chunkDigestMismatch);
    if (fields.recordedMs > RECORDING_MAX_DURATION_MS) throw await refuse(ResultCode.validationFailed, RECORDING_MESSAGES.tooLong);
    if (fields.recordedMs < Number(row.duration_ms)) throw await refuse(ResultCode.validationFailed, RECORDING_MESSAGES.recordedBackwards);
    const scratch = await held.keep();

    const link = chainStep({ sha256: row.head_sha256, sm3: row.head_sm3 }, { sha256: held.sha256, sm3: held.sm3 }, nodeChainDigests);
    const last = await this.deps.repository.lastAnchor(row.id);
    const isAnchorDue = fields.recordedMs - Number(last?.duration_ms ?? 0) >= RECORDING_ANCHOR_INTERVAL_MS;
    const size = isAnchorDue ? await this.deps.anchors.ledgerSize() : 0;
    const now = this.deps.now();
    const offset = Number(row.bytes);
    const record = () => durableTransaction(this.deps.db, async (trx) => {
      await this.deps.repository.insertChunk(trx, {
        recording_id: row.id,
        idx: fields.index,
        scratch,
        offset,
        bytes: held.bytes,
        sha256: held.sha256,
        sm3: held.sm3,
        chain_sha256: link.heads.sha256,
        chain_sm3: link.heads.sm3,
        recorded_ms: fields.recordedMs,
        received_at: now,
      });
      const next = { chunk_count: row.chunk_count + 1, bytes: offset + held.bytes, duration_ms: fields.recordedMs, head_sha256: link.heads.sha256, head_sm3: link.heads.sm3, last_chunk_at: now, updated_at: now };
      if (!(await this.deps.repository.updateIn(trx, row.id, "recording", next, row.chunk_count))) throw new BusinessError(RecordingCode.notRecording, RECORDING_MESSAGES.notRecording);
      return isAnchorDue ? this.deps.anchors.plan(trx, row, { chunks: next.chunk_count, durationMs: fields.recordedMs, heads: link.heads, final: false }, size) : null;
    });
    let anchor: AnchorRow | null;
    try {
      anchor = await record();
    } catch (error) {
      // Another process took this index meanwhile (the chunk sent again there), or the recording ended: this file is nobody's.
      await this.deps.files.forget(row.id, fields.index, scratch).catch((cause) => this.deps.log.warn({ err: cause, recordingId: row.id }, "recording: an untaken chunk is left for clearing"));
      const after = await this.deps.repository.find(row.id);
      if (after && fields.index < after.chunk_count) return this.heldReceipt(after, fields);
      throw error;
    }
    if (anchor) void this.deps.anchors.log(anchor);
    const anchors = (await this.deps.repository.anchorCounts([row.id])).get(row.id) ?? 0;
    return { index: fields.index, received: row.chunk_count + 1, bytes: held.bytes, chainSha256: link.heads.sha256, anchors };
  }

  /** A chunk sent again: the same bytes are answered as before; different ones are refused, nothing changes. */
  private async replay(row: RecordingRow, fields: RecordingChunkFields, chunk: Readable): Promise<RecordingChunkReceipt> {
    const sent = await digestOf(chunk);
    if (sent !== fields.sha256) throw new BusinessError(RecordingCode.chunkDigestMismatch, RECORDING_MESSAGES.chunkDigestMismatch, { errors: { chunk: RECORDING_MESSAGES.chunkDigestMismatch } });
    return this.heldReceipt(row, fields);
  }

  /** The receipt of a chunk already held, for the same digest (sent again, or taken by another process meanwhile); another digest is refused. */
  private async heldReceipt(row: RecordingRow, fields: RecordingChunkFields): Promise<RecordingChunkReceipt> {
    const held = await this.deps.repository.chunk(row.id, fields.index);
    if (!held) throw new Error(`recording ${row.id}: chunk ${fields.index} is counted but has no row`);
    if (held.sha256 !== fields.sha256) throw new BusinessError(RecordingCode.chunkConflict, RECORDING_MESSAGES.chunkConflict, { extra: { received: row.chunk_count } });
    const anchors = (await this.deps.repository.anchorCounts([row.id])).get(row.id) ?? 0;
    return { index: fields.index, received: row.chunk_count, bytes: Number(held.bytes), chainSha256: held.chain_sha256, anchors };
  }

  /** stop (its recorder) or interrupt (recovery): a group ends its parts first; each part gets its final anchor. */
  private async end(userId: number, id: number, action: "stop" | "interrupt"): Promise<RecordingRecord> {
    const row = await this.holderRow(userId, id);
    this.edge(row.state as RecordingState, action);
    if (row.is_group) {
      for (const part of await this.deps.repository.partsOf(id)) if (part.state === "recording") await this.endOne(part.id, action);
    }
    await this.endOne(id, action, true);
    this.deps.kickSealer(row.group_id ?? id);
    return this.recordOf(await this.row(id));
  }

  private async endQuietly(id: number, action: "stop" | "interrupt"): Promise<boolean> {
    const row = await this.row(id);
    if (!RECORDING_LIFECYCLE.can(row.state as RecordingState, action)) return false;
    try {
      await this.end(row.user_id, id, action);
      return true;
    } catch (error) {
      if (error instanceof BusinessError) return false;
      throw error;
    }
  }

  /** One recording into sealing, with its final anchor in the same transaction (when it has chunks). */
  private async endOne(id: number, action: "stop" | "interrupt", isRefusedWhenMoved = false): Promise<void> {
    const anchor = await this.locked(id, async () => {
      const size = await this.deps.anchors.ledgerSize();
      return durableTransaction(this.deps.db, async (trx) => {
        const row = await this.deps.repository.find(id, trx);
        if (!row || row.state !== "recording") {
          if (isRefusedWhenMoved) throw this.refusal((row?.state ?? "failed") as RecordingState, action);
          return null;
        }
        const now = this.deps.now();
        const ending: RecordingEnding = action === "stop" ? "stopped" : "interrupted";
        const to = RECORDING_LIFECYCLE.next("recording", action);
        if (!(await this.deps.repository.updateIn(trx, id, "recording", { state: to, ending, ended_at: now, updated_at: now }, row.chunk_count))) throw this.refusal("recording", action);
        return row.chunk_count > 0 ? this.deps.anchors.plan(trx, row, headsPlan(row, true), size) : null;
      });
    });
    if (anchor) void this.deps.anchors.log(anchor);
  }

  private async admitPart(userId: number, groupId: number): Promise<void> {
    const group = await this.deps.repository.findForHolder(userId, groupId);
    if (!group || !group.is_group) throw new BusinessError(ResultCode.notFound, RECORDING_MESSAGES.notFound);
    if (group.state !== "recording") throw new BusinessError(RecordingCode.notRecording, RECORDING_MESSAGES.notRecording);
    if ((await this.deps.repository.partsOf(groupId)).length >= MOBILE_ARRAY_MAX_DEVICES) throw new BusinessError(ResultCode.validationFailed, RECORDING_MESSAGES.tooManyParts);
  }

  /** Runs `work` after every earlier call for the same recording has finished. */
  private locked<T>(id: number, work: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(id) ?? Promise.resolve();
    const result = before.then(work, work);
    const settled = result.catch(() => undefined);
    this.#locks.set(id, settled);
    void settled.then(() => {
      if (this.#locks.get(id) === settled) this.#locks.delete(id);
    });
    return result;
  }

  private edge(from: RecordingState, action: RecordingAction): RecordingState {
    if (!RECORDING_LIFECYCLE.can(from, action)) throw this.refusal(from, action);
    return RECORDING_LIFECYCLE.next(from, action);
  }

  private refusal(from: RecordingState, action: RecordingAction): BusinessError {
    if (action === "stop" || action === "interrupt") return new BusinessError(RecordingCode.notRecording, RECORDING_MESSAGES.notRecording);
    return new BusinessError(ResultCode.validationFailed, new RecordingStateError(from, action).message);
  }

  private async holderRow(userId: number, id: number): Promise<RecordingRow> {
    const row = await this.deps.repository.findForHolder(userId, id);
    if (!row) throw new BusinessError(ResultCode.notFound, RECORDING_MESSAGES.notFound);
    return row;
  }

  private async row(id: number): Promise<RecordingRow> {
    const row = await this.deps.repository.find(id);
    if (!row) throw new Error(`recording ${id} does not exist`);
    return row;
  }

  private async recordOf(row: RecordingRow): Promise<RecordingRecord> {
    const parts = row.is_group ? await this.deps.repository.partsOf(row.id) : [];
    const counts = await this.deps.repository.anchorCounts(row.is_group ? parts.map((part) => part.id) : [row.id]);
    return toRecordingRecord(row, [...counts.values()].reduce((sum, count) => sum + count, 0), parts);
  }
}

function headsPlan(row: RecordingRow, final: boolean) {
  return { chunks: row.chunk_count, durationMs: Number(row.duration_ms), heads: { sha256: row.head_sha256, sm3: row.head_sm3 }, final };
}

async function drain(stream: Readable): Promise<void> {
  for await (const _piece of stream) {
    // read away what the recorder sent
  }
}

async function digestOf(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of stream) hash.update(piece as Buffer);
  return hash.digest("hex");
}


/** Whether the recording's newest chunks have waited `wallMs` without an anchor (since its last anchor, or its start). */
function isAnchorWaiting(row: RecordingRow, last: Pick<AnchorRow, "chunks" | "time"> | undefined, now: number, wallMs: number): boolean {
  if (last && last.chunks === row.chunk_count) return false;
  const since = last ? Number(last.time) : Number(row.created_at);
  return now - since >= wallMs;
}
