import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import {
  CAPTURE_FAILURES,
  CAPTURE_FILES,
  CAPTURE_LIFECYCLE,
  CAPTURE_MAX_ATTEMPTS,
  CAPTURE_MESSAGES,
  CAPTURE_REVIEW_DAYS,
  CaptureCode,
  CaptureQaSchema,
  CaptureStateError,
  type CaptureAction,
  type CaptureAllowance,
  type CaptureDetail,
  type CaptureFailureCode,
  type CaptureFileKind,
  type CaptureListQuery,
  type CaptureRecord,
  type CaptureStage,
  type CaptureState,
  type CaptureTarget,
  type RightsWebCaptureFormSchema,
  type SnapshotForm,
} from "../../../src/schema/capture.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { CAPTURE_RESOURCE_URIS, CaptureFailedError, type CapturedPage } from "../../capture/capture-engine.types.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { PackageUnits } from "../purchase/package-units.js";
import type { CapturePorts } from "./capture-ports.js";
import type { CaptureSealer } from "./capture-sealer.js";
import { toCaptureDetail, toCaptureRecord } from "./capture-views.js";
import type { CaptureRepository, CaptureRow } from "./capture.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The service name under which captures reserve package units. */
export const CAPTURE_UNIT_SERVICE = "capture";
/** A held unit outlives the review window, so only the review's expiry (not the unit's) ends a waiting capture. */
const RESERVATION_DAYS = CAPTURE_REVIEW_DAYS + 1;

export type CaptureServiceDependencies = {
  db: Kysely<Database>;
  repository: CaptureRepository;
  units: Pick<PackageUnits, "accountOf" | "reserve" | "release" | "allowance">;
  blobs: BlobStore;
  sealer: CaptureSealer;
  ports: CapturePorts;
  /** Where packages wait (one folder per capture) until sealed or discarded. */
  workRoot: string;
  timeoutMs: number;
  now: () => number;
  log: FastifyBaseLogger;
  /** Tells the queue that a row may have become runnable. */
  kick: () => void;
};

type RightsWebForm = z.output<typeof RightsWebCaptureFormSchema>;
type NewCapture = { target: CaptureTarget; name: string; purpose: string | null; url: string; rights: Record<string, unknown> | null };

/** Why this server cannot capture when no engine is wired at all. */
export const NO_ENGINE_REASON = "本服务器未配置网页取证引擎";

/**
 * Web evidence capture (issue 15): the holder's calls, the worker's run of one capture, sealing
 * as evidence, start-up recovery and housekeeping. Every state change goes through
 * CAPTURE_LIFECYCLE and is written only if the row is still in the state it was read in.
 */
export class CaptureService {
  constructor(private readonly deps: CaptureServiceDependencies) {}

  // ---- the holder's calls ----

  async allowance(userId: number): Promise<CaptureAllowance> {
    const [engine, units] = await Promise.all([this.engineAvailability(), this.deps.units.allowance(userId)]);
    return { engine: engine.available ? { available: true, reason: null } : { available: false, reason: engine.reason }, ...units };
  }

  /** One capture per URL, each holding one unit; any refusal (URL, units, engine) creates nothing. */
  async create(userId: number, form: SnapshotForm): Promise<CaptureRecord[]> {
    await this.admit(userId, form.urls);
    const ids = await this.insertWithUnits(
      userId,
      form.urls.map((url) => ({ target: "snapshot", name: form.name, purpose: form.purpose ?? null, url, rights: null })),
    );
    this.deps.kick();
    return this.recordsOf(userId, ids);
  }

  /** A web rights record whose page the platform captures: the rights facts ride with the capture into the evidence. */
  async createRightsWeb(userId: number, form: RightsWebForm): Promise<CaptureRecord> {
    await this.admit(userId, [form.url]);
    const { url, name, ...rights } = form;
    const [id] = await this.insertWithUnits(userId, [{ target: "rightsWeb", name, purpose: null, url, rights }]);
    this.deps.kick();
    const [record] = await this.recordsOf(userId, [id]);
    return record;
  }

  async list(userId: number, query: CaptureListQuery, targets: readonly CaptureTarget[]): Promise<PageP<CaptureRecord>> {
    const from = query.startTime ? parseShanghaiDateTime(query.startTime) : null;
    const to = query.endTime ? parseShanghaiDateTime(query.endTime) : null;
    const { rows, total } = await this.deps.repository.list(userId, {
      targets,
      ...(query.keyName ? { keyName: query.keyName } : {}),
      ...(query.state ? { state: query.state } : {}),
      ...(from !== null ? { from } : {}),
      ...(to !== null ? { to: to + DAY_MS - 1 } : {}),
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    });
    return { list: rows.map(toCaptureRecord), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async detail(userId: number, id: number): Promise<CaptureDetail> {
    return toCaptureDetail(await this.holderRow(userId, id));
  }

  /** The holder's captures among `ids`; others' are left out, not refused. */
  async progress(userId: number, ids: readonly number[]): Promise<CaptureRecord[]> {
    return this.recordsOf(userId, ids);
  }

  /**
   * A failed capture queues again holding a fresh unit (the old one went back when it failed); a
   * capture awaiting review queues again under the unit it holds, its package thrown away.
   */
  async retry(userId: number, id: number): Promise<CaptureRecord> {
    const row = await this.holderRow(userId, id);
    const from = row.state as CaptureState;
    const to = this.edge(from, "retry");
    const fresh = { state: to, stage: "queued" as CaptureStage, attempts: 0, failure_code: null, failure_detail: null, qa_json: null, qa_accepted: 0, provenance_json: null, files_json: null, final_url: null, title: null, certificate_no: null, ...noPackage(), started_at: null, ended_at: null, updated_at: this.deps.now() };
    if (from === "failed") {
      await this.admit(userId, [row.url]);
      const account = await this.deps.units.accountOf(userId);
      await durableTransaction(this.deps.db, async (trx) => {
        const round = row.charge_round + 1;
        const unit = await this.deps.units.reserve(account, this.unitRequest(id, round), trx);
        if (!(await this.deps.repository.updateIn(trx, id, from, { ...fresh, charge_round: round, unit_reservation_id: unit.id, charged_to: unit.source }))) throw new CaptureStateError(from, "retry");
      });
    } else {
      if (!(await this.deps.repository.updateIn(this.deps.db, id, from, fresh))) throw this.refusal(from, "retry");
      await this.removeWork(id);
    }
    this.deps.kick();
    return toCaptureRecord(await this.holderRow(userId, id));
  }

  /** The holder accepts the QA findings: sealed as it is, the findings stated in the evidence. */
  async accept(userId: number, id: number): Promise<CaptureRecord> {
    const row = await this.holderRow(userId, id);
    this.edge(row.state as CaptureState, "accept");
    if ((await this.deps.sealer.seal(row, "accept")) === "failed") throw new BusinessError(ResultCode.serverError, CAPTURE_FAILURES.sealFailed);
    return toCaptureRecord(await this.holderRow(userId, id));
  }

  async discard(userId: number, id: number): Promise<CaptureRecord> {
    const row = await this.holderRow(userId, id);
    await this.fail(row, "discard", "discarded", "");
    return toCaptureRecord(await this.holderRow(userId, id));
  }

  /** A file of the package: the WACZ itself, or one artefact read back out of it. */
  async openFile(userId: number, id: number, kind: CaptureFileKind): Promise<{ body: Readable; name: string; contentType: string }> {
    const row = await this.holderRow(userId, id);
    const file = CAPTURE_FILES[kind];
    const name = `${row.name}-${row.id}-${file.label}.${file.extension}`;
    const location = await this.packageLocation(row);
    if (!location) throw new BusinessError(ResultCode.notFound, CAPTURE_MESSAGES.notFound);
    if (kind === "wacz") return { body: fs.createReadStream(location), name, contentType: file.contentType };
    const artefact = await this.deps.ports.packager.openArtefact(location, CAPTURE_RESOURCE_URIS[kind]);
    if (!artefact) throw new BusinessError(ResultCode.notFound, CAPTURE_MESSAGES.notFound);
    return { body: artefact, name, contentType: file.contentType };
  }

  // ---- the worker ----

  /** queued → running for the queue, counting the attempt. */
  async claim(row: CaptureRow): Promise<boolean> {
    const to = CAPTURE_LIFECYCLE.next(row.state as CaptureState, "start");
    const now = this.deps.now();
    return this.deps.repository.updateIn(this.deps.db, row.id, "queued", { state: to, attempts: row.attempts + 1, started_at: now, updated_at: now });
  }

  /**
   * One capture from browser to seal: the engine's artefacts, the package, then sealed when QA
   * passed or left for the holder's review. A failure releases the unit and removes the files; a
   * close of the server leaves the row running for start-up recovery.
   */
  async run(row: CaptureRow, closing: AbortSignal): Promise<void> {
    const { engine, packager } = this.deps.ports;
    if (!engine) return this.fail(row, "fail", "browserFailed", NO_ENGINE_REASON);
    const signal = AbortSignal.any([closing, AbortSignal.timeout(this.deps.timeoutMs)]);
    const workDir = this.workDirOf(row.id);
    let stages = Promise.resolve();
    const onStage = (stage: CaptureStage) => {
      // In the order reported, never after the capture has left `running`.
      stages = stages.then(() => this.setStage(row.id, stage)).catch((error) => this.deps.log.warn({ err: error, captureId: row.id }, "capture: stage not recorded"));
    };
    let page: CapturedPage | null = null;
    try {
      await fsp.mkdir(workDir, { recursive: true });
      page = await engine.capture({ captureId: row.id, url: row.url, onStage, signal });
      const built = await packager.build(page, { captureId: row.id, workDir });
      await stages;
      const facts = {
        final_url: page.finalUrl,
        title: page.title,
        qa_json: JSON.stringify(page.qa),
        provenance_json: JSON.stringify(page.provenance),
        files_json: JSON.stringify(built.files),
        package_path: built.waczPath,
        package_sha256: built.sha256,
        package_sm3: built.sm3,
        package_bytes: built.bytes,
        manifest_sha256: built.manifestSha256,
        ended_at: this.deps.now(),
        updated_at: this.deps.now(),
      };
      if (page.qa.passed) {
        if (!(await this.deps.repository.updateIn(this.deps.db, row.id, "running", { ...facts, stage: "sealing" }))) return;
        await this.sealOrFail(row.id);
      } else {
        await this.deps.repository.updateIn(this.deps.db, row.id, "running", { ...facts, state: CAPTURE_LIFECYCLE.next("running", "flag") });
      }
    } catch (error) {
      await stages;
      // Shutting down: the row stays running and the next start resumes it.
      if (closing.aborted) return;
      const failure = failureOf(error, signal);
      if (!(error instanceof CaptureFailedError)) this.deps.log.error({ err: error, captureId: row.id }, "capture failed");
      const current = await this.deps.repository.find(row.id);
      if (current?.state === "running") await this.fail(current, "fail", failure.code, failure.detail);
    } finally {
      if (page) await fsp.rm(page.warcPath, { force: true });
    }
  }

  // ---- start-up and housekeeping ----

  /**
   * Start-up: a capture a crash left running is finished where its package was already made and
   * passed QA (it was being sealed), queued again while it has attempts left, failed otherwise.
   */
  async recover(): Promise<{ resumed: number; sealed: number; abandoned: number }> {
    const counts = { resumed: 0, sealed: 0, abandoned: 0 };
    for (const row of await this.deps.repository.inState("running")) {
      const qa = row.qa_json ? CaptureQaSchema.parse(JSON.parse(row.qa_json)) : null;
      if (row.package_sha256 && qa?.passed) {
        if ((await this.sealOrFail(row.id)) === "sealed") counts.sealed++;
      } else if (row.attempts < CAPTURE_MAX_ATTEMPTS) {
        const to = CAPTURE_LIFECYCLE.next("running", "resume");
        if (await this.deps.repository.updateIn(this.deps.db, row.id, "running", { state: to, stage: "queued", ...noPackage(), updated_at: this.deps.now() })) counts.resumed++;
        await this.removeWork(row.id);
      } else {
        await this.fail(row, "abandon", "interrupted", "");
        counts.abandoned++;
      }
    }
    if (counts.resumed + counts.sealed + counts.abandoned > 0) this.deps.log.info(counts, "capture: settled captures an interrupted run left running");
    return counts;
  }

  /** Housekeeping: a capture left unreviewed for CAPTURE_REVIEW_DAYS fails and its unit goes back. */
  async expireReviews(): Promise<number> {
    const rows = await this.deps.repository.reviewsEndedBy(this.deps.now() - CAPTURE_REVIEW_DAYS * DAY_MS);
    for (const row of rows) await this.fail(row, "expire", "reviewExpired", "");
    return rows.length;
  }

  // ---- helpers ----

  /** Seals a capture whose QA passed; one that cannot be sealed fails (sealFailed) and its unit goes back. */
  private async sealOrFail(id: number): Promise<"sealed" | "failed"> {
    const row = await this.deps.repository.find(id);
    if (!row) return "failed";
    if ((await this.deps.sealer.seal(row, "seal")) === "sealed") return "sealed";
    const current = await this.deps.repository.find(id);
    if (current?.state === "running") await this.fail(current, "fail", "sealFailed", "");
    return "failed";
  }

  /** The refusals a new capture meets before anything is created: the URLs, the units, the engine. */
  private async admit(userId: number, urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      const verdict = await this.deps.ports.screenUrl(url);
      if (!verdict.ok) {
        const message = `${url.slice(0, 80)}：${CAPTURE_FAILURES[verdict.code]}${verdict.detail ? `（${verdict.detail}）` : ""}`;
        throw new BusinessError(CaptureCode.urlRefused, message, { errors: { urls: message, url: message } });
      }
    }
    const { total } = await this.deps.units.allowance(userId);
    if (total < urls.length) throw new BusinessError(CaptureCode.noUnits, CAPTURE_MESSAGES.noUnits);
    const engine = await this.engineAvailability();
    if (!engine.available) throw new BusinessError(CaptureCode.engineUnavailable, `${CAPTURE_MESSAGES.engineUnavailable}（${engine.reason}）`);
  }

  private async engineAvailability(): Promise<{ available: true } | { available: false; reason: string }> {
    const { engine } = this.deps.ports;
    return engine ? engine.availability() : { available: false, reason: NO_ENGINE_REASON };
  }

  /** The captures and their units in one transaction: a unit missing for any URL creates none of them. */
  private async insertWithUnits(userId: number, captures: readonly NewCapture[]): Promise<number[]> {
    const now = this.deps.now();
    const account = await this.deps.units.accountOf(userId);
    return durableTransaction(this.deps.db, async (trx) => {
      const ids: number[] = [];
      for (const capture of captures) {
        const id = await this.deps.repository.insert(trx, {
          user_id: userId,
          target: capture.target,
          name: capture.name,
          purpose: capture.purpose,
          url: capture.url,
          final_url: null,
          title: null,
          state: "queued",
          stage: "queued",
          failure_code: null,
          failure_detail: null,
          qa_json: null,
          provenance_json: null,
          files_json: null,
          unit_reservation_id: null,
          charged_to: "package",
          ...noPackage(),
          certificate_no: null,
          evidence_id: null,
          rights_json: capture.rights ? JSON.stringify(capture.rights) : null,
          created_at: now,
          started_at: null,
          ended_at: null,
          updated_at: now,
        });
        const unit = await this.deps.units.reserve(account, this.unitRequest(id, 0), trx);
        await this.deps.repository.updateIn(trx, id, "queued", { unit_reservation_id: unit.id, charged_to: unit.source });
        ids.push(id);
      }
      return ids;
    });
  }

  private unitRequest(captureId: number, round: number) {
    return { service: CAPTURE_UNIT_SERVICE, reference: `${captureId}:${round}`, expiresAt: this.deps.now() + RESERVATION_DAYS * DAY_MS };
  }

  /** Leaves `row.state` by `action` for failed, with the reason; the unit goes back and the files go. */
  private async fail(row: CaptureRow, action: Extract<CaptureAction, "fail" | "discard" | "abandon" | "expire">, code: CaptureFailureCode, detail: string): Promise<void> {
    const from = row.state as CaptureState;
    const to = this.edge(from, action);
    await durableTransaction(this.deps.db, async (trx: Transaction<Database>) => {
      const now = this.deps.now();
      const isMoved = await this.deps.repository.updateIn(trx, row.id, from, { state: to, failure_code: code, failure_detail: detail.slice(0, 500) || null, ...noPackage(), certificate_no: null, ended_at: row.ended_at ?? now, updated_at: now });
      if (!isMoved) throw this.refusal(from, action);
      if (row.unit_reservation_id !== null) await this.deps.units.release(row.unit_reservation_id, trx);
    });
    await this.removeWork(row.id);
  }

  private async setStage(id: number, stage: CaptureStage): Promise<void> {
    await this.deps.repository.updateIn(this.deps.db, id, "running", { stage, updated_at: this.deps.now() });
  }

  private async holderRow(userId: number, id: number): Promise<CaptureRow> {
    const row = await this.deps.repository.findForHolder(userId, id);
    if (!row) throw new BusinessError(ResultCode.notFound, CAPTURE_MESSAGES.notFound);
    return row;
  }

  private async recordsOf(userId: number, ids: readonly number[]): Promise<CaptureRecord[]> {
    return ids.length === 0 ? [] : (await this.deps.repository.findManyForHolder(userId, ids)).map(toCaptureRecord);
  }

  /** Where the package is now: its blob once sealed, its file while it waits; null before it exists. */
  private async packageLocation(row: CaptureRow): Promise<string | null> {
    if (row.package_blob) return this.deps.blobs.localPath(row.package_blob);
    return row.package_path && fs.existsSync(row.package_path) ? row.package_path : null;
  }

  private edge(from: CaptureState, action: CaptureAction): CaptureState {
    if (!CAPTURE_LIFECYCLE.can(from, action)) throw this.refusal(from, action);
    return CAPTURE_LIFECYCLE.next(from, action);
  }

  /** A move the lifecycle refuses, as the holder reads it. */
  private refusal(from: CaptureState, action: CaptureAction): BusinessError {
    return new BusinessError(ResultCode.validationFailed, new CaptureStateError(from, action).message);
  }

  private workDirOf(id: number): string {
    return captureWorkDir(this.deps.workRoot, id);
  }

  private async removeWork(id: number): Promise<void> {
    await fsp.rm(this.workDirOf(id), { recursive: true, force: true });
  }
}

/** Where one capture's files (its package while it waits) live until it is sealed or has failed. */
export function captureWorkDir(workRoot: string, id: number): string {
  return path.join(workRoot, String(id));
}

/** The package columns cleared (a package thrown away or moved into the blob store). */
export function noPackage() {
  return { package_path: null, package_sha256: null, package_sm3: null, package_bytes: null, manifest_sha256: null, package_blob: null };
}

function failureOf(error: unknown, signal: AbortSignal): { code: CaptureFailureCode; detail: string } {
  if (error instanceof CaptureFailedError) return { code: error.code, detail: error.detail };
  if (signal.aborted) return { code: "timeout", detail: "" };
  return { code: "browserFailed", detail: "" };
}
