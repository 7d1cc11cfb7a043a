import type { FastifyBaseLogger } from "fastify";
import { MONITOR_MESSAGES, MonitorCode, WORK_UPLOAD_RULES, type MatchType, type MonitorWork, type UploadedWorkKind } from "../../../src/schema/monitor.js";
import { UPLOAD_MESSAGES, fileExtension, findUploadProblem } from "../../../src/schema/upload.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import { MatcherInputError } from "../../monitoring/matchers/index.js";
import type { WorkFingerprint } from "../../monitoring/monitoring.types.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import { uploadRefusal } from "../evidence/evidence-ingest.js";
import type { MonitorLibraries } from "./monitor-ports.js";
import type { MonitorRepository } from "./monitor.repository.js";
import { workView } from "./monitor-views.js";

/** A text work's summary: its first characters. */
const SUMMARY_CHARS = 120;
/** Where an uploaded HTML work is said to live when it is read as a page (no link of it is followed). */
const WORK_PAGE_URL = "https://work.invalid/";
/** Media fingerprints take seconds: computed after the answer, the work says ready=false until then. */
const LATER_KINDS: readonly UploadedWorkKind[] = ["audio", "video"];

export type MonitorWorksDependencies = {
  repository: MonitorRepository;
  blobs: BlobStore;
  evidence: Pick<EvidenceService, "getForHolder">;
  libraries: MonitorLibraries;
  now: () => number;
  log: FastifyBaseLogger;
};

/** The matcher a kind of content needs (audio needs fpcalc, video ffmpeg). */
const MATCHER_OF: Record<UploadedWorkKind, MatchType> = { text: "text", image: "image", logo: "logo", audio: "audio", video: "video" };

/**
 * What a user protects: uploaded works (bytes in the blob store by SHA-256, fingerprints by the
 * matchers library) and stored evidence turned into works for the rights channel. Fingerprints
 * of media are computed after the answer; a work left unfinished by a stopped process is redone
 * at start-up (`finishUnfinished`).
 */
export class MonitorWorks {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly deps: MonitorWorksDependencies) {}

  async upload(userId: number, fields: { kind: UploadedWorkKind; name?: string }, file: UploadedFile | undefined): Promise<MonitorWork> {
    const rule = WORK_UPLOAD_RULES[fields.kind];
    const messages = { ...UPLOAD_MESSAGES, ...rule.messages };
    if (!file) throw uploadRefusal(messages.missing);
    const problem = findUploadProblem({ name: file.filename, size: file.isTruncated ? rule.maxBytes + 1 : file.size }, rule);
    if (problem) throw uploadRefusal(problem.message);
    await this.requireTool(fields.kind);
    const later = LATER_KINDS.includes(fields.kind);
    const fingerprint = later ? null : await this.fingerprintNow(fields.kind, file.content, file.filename);
    const sha256 = await this.deps.blobs.put(file.content);
    const id = await this.deps.repository.insertWork({
      user_id: userId,
      kind: fields.kind,
      name: fields.name ?? file.filename,
      sha256,
      size: file.size,
      content_type: file.mimetype,
      evidence_id: null,
      summary: fingerprint?.kind === "text" ? fingerprint.text.normalized.slice(0, SUMMARY_CHARS) : "",
      duration_ms: null,
      fingerprint_json: fingerprint ? JSON.stringify(fingerprint) : null,
      failure: null,
      created_at: this.deps.now(),
    });
    if (later) this.finishLater(id);
    return workView((await this.deps.repository.findWork(id))!);
  }

  async list(userId: number, kind?: string): Promise<MonitorWork[]> {
    return (await this.deps.repository.worksOf(userId, kind)).map(workView);
  }

  /**
   * The rights channel: each stored evidence of the user becomes a work (kind evidence), its
   * content read through the evidence service and fingerprinted by its type; one already made is reused.
   */
  async fromEvidence(userId: number, evidenceIds: readonly number[]): Promise<number[]> {
    const ids: number[] = [];
    for (const evidenceId of evidenceIds) {
      const existing = await this.deps.repository.evidenceWorkOf(userId, evidenceId);
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const record = await this.deps.evidence.getForHolder(userId, evidenceId);
      if (!record?.blobSha256) throw workRefusal(MONITOR_MESSAGES.workNotFound);
      const kind = record.kind === "text" ? "text" : contentKindOf(record.name);
      if (!kind) throw workRefusal(MONITOR_MESSAGES.workKindMismatch);
      await this.requireTool(kind);
      const content = await this.deps.blobs.read(record.blobSha256);
      if (!content) throw workRefusal(MONITOR_MESSAGES.workNotFound);
      const fingerprint = LATER_KINDS.includes(kind) ? null : await this.fingerprintNow(kind, content, record.name);
      const id = await this.deps.repository.insertWork({
        user_id: userId,
        kind: "evidence",
        name: record.name,
        sha256: record.sha256,
        size: record.size,
        content_type: kind,
        evidence_id: record.id,
        summary: record.certificateNo,
        duration_ms: null,
        fingerprint_json: fingerprint ? JSON.stringify(fingerprint) : null,
        failure: null,
        created_at: this.deps.now(),
      });
      // Media evidence is fingerprinted here, before the task that needs it is created.
      if (!fingerprint) await this.finish(id);
      ids.push(id);
    }
    return ids;
  }

  /** Works whose fingerprints a stopped process never finished (all, or those uploaded before `leftBefore`) are computed again. */
  async finishUnfinished(leftBefore: number | null = null): Promise<void> {
    for (const work of await this.deps.repository.unfinishedWorks(leftBefore)) this.finishLater(work.id);
  }

  /** Resolves once no fingerprint is being computed (tests, and a graceful close). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  private finishLater(id: number): void {
    const job = this.finish(id).finally(() => this.#pending.delete(job));
    this.#pending.add(job);
  }

  /** Computes a media work's fingerprints from its stored bytes; a failure is written on the work, with why. */
  private async finish(id: number): Promise<void> {
    const work = await this.deps.repository.findWork(id);
    if (!work) return;
    const kind = (work.kind === "evidence" ? work.content_type : work.kind) as UploadedWorkKind;
    try {
      const path = await this.deps.blobs.localPath(work.sha256);
      if (!path) throw new Error("作品文件已不在存储中");
      const fingerprint = await this.fingerprintFile(kind, path);
      const durationSeconds = fingerprint.kind === "audio" ? fingerprint.audio.durationSeconds : fingerprint.kind === "video" ? fingerprint.video.durationSeconds : null;
      await this.deps.repository.updateWork(id, { fingerprint_json: JSON.stringify(fingerprint), duration_ms: durationSeconds === null ? null : Math.round(durationSeconds * 1000), failure: null });
    } catch (error) {
      this.deps.log.warn({ err: error, workId: id }, "monitor work could not be fingerprinted");
      await this.deps.repository.updateWork(id, { failure: `无法计算作品指纹：${failureReason(error)}` });
    }
  }

  private async fingerprintNow(kind: UploadedWorkKind, content: Buffer, name: string): Promise<WorkFingerprint> {
    const { matchers, crawler } = this.deps.libraries;
    try {
      if (kind === "text") {
        const raw = content.toString("utf8").replace(/^\uFEFF/, "");
        const text = ["html", "htm"].includes(fileExtension(name)) ? crawler.extractPageFacts(raw, WORK_PAGE_URL).mainText : raw;
        if (text.trim() === "") throw new Error("empty text");
        return { kind: "text", text: matchers.fingerprintText(text) };
      }
      if (kind === "image" || kind === "logo") return { kind, variants: await matchers.fingerprintWorkImage(content) };
    } catch (error) {
      this.deps.log.info({ err: error, kind }, "monitor work unreadable");
      throw uploadRefusal(MONITOR_MESSAGES.workUnreadable);
    }
    throw new Error(`monitor works: ${kind} is fingerprinted from its file`);
  }

  private async fingerprintFile(kind: UploadedWorkKind, path: string): Promise<WorkFingerprint> {
    const { matchers } = this.deps.libraries;
    if (kind === "audio") return { kind: "audio", audio: await matchers.fingerprintAudio(path) };
    if (kind === "video") return { kind: "video", video: await matchers.fingerprintVideo(path) };
    throw new Error(`monitor works: ${kind} is fingerprinted from its bytes`);
  }

  /** 3704 with the matcher's reason when this server lacks the tool a kind needs. */
  private async requireTool(kind: UploadedWorkKind): Promise<void> {
    const matcher = MATCHER_OF[kind];
    if (matcher !== "audio" && matcher !== "video") return;
    const availability = (await this.deps.libraries.matchers.matcherAvailability())[matcher];
    if (!availability.available) throw new BusinessError(MonitorCode.toolUnavailable, availability.reason);
  }
}

/** What the owner reads: the matchers' own sentence (without where the file lies on this server), else a plain one. */
function failureReason(error: unknown): string {
  if (!(error instanceof MatcherInputError)) return "处理时发生内部错误";
  return error.message.replace(/(?:[A-Za-z]:)?[\\/][^\s：:，,）)]+/g, "作品文件");
}

/** 3701: a work missing, not the caller's, not ready or of the wrong kind. */
export function workRefusal(message: string): BusinessError {
  return new BusinessError(MonitorCode.workRefused, message);
}

/** The kind of content a stored file is, by its name's extension (the works' upload rules). */
function contentKindOf(name: string): UploadedWorkKind | null {
  const extension = fileExtension(name);
  const kinds: UploadedWorkKind[] = ["text", "image", "audio", "video"];
  return kinds.find((kind) => WORK_UPLOAD_RULES[kind].extensions?.includes(extension)) ?? null;
}
