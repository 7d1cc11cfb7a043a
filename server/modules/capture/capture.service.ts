import fs from "node:fs";
import type { Readable } from "node:stream";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import {
  CAPTURE_FAILURES,
  CAPTURE_FILES,
  CAPTURE_MESSAGES,
  CAPTURE_REVIEW_DAYS,
  CaptureCode,
  CAPTURE_NAME_MAX,
  type CaptureAllowance,
  type CaptureChargeSource,
  type CaptureDetail,
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
import { filterDayRange } from "../../../src/schema/time-range.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { CAPTURE_RESOURCE_URIS } from "../../capture/capture-engine.types.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { PackageUnits } from "../purchase/package-units.js";
import { noPackage, type CaptureMoves } from "./capture-moves.js";
import type { CapturePorts } from "./capture-ports.js";
import { NO_ENGINE_REASON } from "./capture-runner.js";
import type { CapturePackages } from "./capture-packages.js";
import type { CaptureSealer } from "./capture-sealer.js";
import { settlementOf, type CaptureSettledListener, type CaptureSettledListeners, type CaptureSettlement } from "./capture-settlements.js";
import { toCaptureDetail, toCaptureRecord } from "./capture-views.js";
import type { CaptureRepository, CaptureRow } from "./capture.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The service name under which captures reserve package units. */
const CAPTURE_UNIT_SERVICE = "capture";
/** A held unit outlives the review window, so only the review's expiry (not the unit's) ends a waiting capture. */
const RESERVATION_DAYS = CAPTURE_REVIEW_DAYS + 1;

export type CaptureServiceDependencies = {
  db: Kysely<Database>;
  repository: CaptureRepository;
  units: Pick<PackageUnits, "accountOf" | "reserve" | "allowance">;
  blobs: BlobStore;
  packages: CapturePackages;
  moves: CaptureMoves;
  sealer: CaptureSealer;
  settled: CaptureSettledListeners;
  ports: CapturePorts;
  now: () => number;
  /** Tells the queue that a row may have become runnable. */
  kick: () => void;
};

type RightsWebForm = z.output<typeof RightsWebCaptureFormSchema>;
type NewCapture = { target: CaptureTarget; name: string; purpose: string | null; url: string; rights: Record<string, unknown> | null };

/**
 * Web evidence capture (issue 15), the holder's calls: new captures (refusals first, nothing
 * created on a refusal), lists, details, retry, accept, discard and the package's files. The worker
 * side is capture-runner.ts, sealing capture-sealer.ts. Every state change goes through
 * CAPTURE_LIFECYCLE (capture-moves.ts) and is written only if the row is still in the state it was read in.
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
    // Read before the queue is woken, so the answer is the captures as created (queued), whatever
    // a free browser makes of them in the meantime.
    const created = await this.recordsOf(userId, ids);
    this.deps.kick();
    return created;
  }

  /** A web rights record whose page the platform captures: the rights facts ride with the capture into the evidence. */
  async createRightsWeb(userId: number, form: RightsWebForm): Promise<CaptureRecord> {
    await this.admit(userId, [form.url]);
    const { url, name, ...rights } = form;
    const [id] = await this.insertWithUnits(userId, [{ target: "rightsWeb", name, purpose: null, url, rights }]);
    const [record] = await this.recordsOf(userId, [id]);
    this.deps.kick();
    return record;
  }

  /**
   * A monitoring hit's page (issue 18): the same admission as any capture (the URL screen, the
   * engine) but no package unit, since monitoring is paid by the site and week; sealed even when
   * QA finds something (capture-runner.ts, isSealedWithoutReview). `purpose` says where it came
   * from (the task, the matched work), and the evidence record keeps it.
   */
  async createForMonitor(userId: number, form: { url: string; name: string; purpose: string }): Promise<CaptureRecord> {
    await this.screenUrls([form.url]);
    await this.assertEngine();
    const capture: NewCapture = { target: "monitor", name: form.name.slice(0, CAPTURE_NAME_MAX), purpose: form.purpose, url: form.url, rights: null };
    const id = await durableTransaction(this.deps.db, (trx) => this.insertQueued(trx, userId, capture, "monitoring"));
    const [record] = await this.recordsOf(userId, [id]);
    this.deps.kick();
    return record;
  }

  /** Calls `listener` after each capture ends (sealed or failed), in this process. */
  onSettled(listener: CaptureSettledListener): void {
    this.deps.settled.add(listener);
  }

  /** How the captures among `ids` ended; those still going on are left out (start-up reconciliation of their owners). */
  async settlements(ids: readonly number[]): Promise<CaptureSettlement[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.repository.findMany(ids);
    return rows.map(settlementOf).filter((settlement): settlement is CaptureSettlement => settlement !== null);
  }

  async list(userId: number, query: CaptureListQuery, targets: readonly CaptureTarget[]): Promise<PageP<CaptureRecord>> {
    const { rows, total } = await this.deps.repository.list(userId, {
      targets,
      ...(query.keyName ? { keyName: query.keyName } : {}),
      ...(query.state ? { state: query.state } : {}),
      ...filterDayRange(query.startTime, query.endTime),
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
    const to = this.deps.moves.edge(from, "retry");
    const fresh = { state: to, stage: "queued" as CaptureStage, attempts: 0, failure_code: null, failure_detail: null, qa_json: null, qa_accepted: 0, provenance_json: null, files_json: null, final_url: null, title: null, certificate_no: null, ...noPackage(), started_at: null, ended_at: null, updated_at: this.deps.now() };
    // A monitoring capture holds no unit (its task is paid by the week), whichever way it is retried.
    if (from === "failed" && row.target !== "monitor") {
      await this.admit(userId, [row.url]);
      const account = await this.deps.units.accountOf(userId);
      await durableTransaction(this.deps.db, async (trx) => {
        const round = row.charge_round + 1;
        const unit = await this.deps.units.reserve(account, this.unitRequest(id, round), trx);
        if (!(await this.deps.repository.updateIn(trx, id, from, { ...fresh, charge_round: round, unit_reservation_id: unit.id, charged_to: unit.source }))) throw this.deps.moves.refusal(from, "retry");
      });
    } else {
      if (!(await this.deps.repository.updateIn(this.deps.db, id, from, fresh))) throw this.deps.moves.refusal(from, "retry");
      await this.deps.moves.removeWork(id);
    }
    this.deps.kick();
    return toCaptureRecord(await this.holderRow(userId, id));
  }

  /** The holder accepts the QA findings: sealed as it is, the findings stated in the evidence. */
  async accept(userId: number, id: number): Promise<CaptureRecord> {
    const row = await this.holderRow(userId, id);
    this.deps.moves.edge(row.state as CaptureState, "accept");
    if ((await this.deps.sealer.seal(row, "accept")) === "failed") throw new BusinessError(ResultCode.serverError, CAPTURE_FAILURES.sealFailed);
    return toCaptureRecord(await this.holderRow(userId, id));
  }

  async discard(userId: number, id: number): Promise<CaptureRecord> {
    const row = await this.holderRow(userId, id);
    await this.deps.moves.fail(row, "discard", "discarded", "");
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

  // ---- helpers ----

  /** The refusals a new capture meets before anything is created: the URLs, the units, the engine. */
  private async admit(userId: number, urls: readonly string[]): Promise<void> {
    await this.screenUrls(urls);
    const { total } = await this.deps.units.allowance(userId);
    if (total < urls.length) throw new BusinessError(CaptureCode.noUnits, CAPTURE_MESSAGES.noUnits);
    await this.assertEngine();
  }

  private async screenUrls(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      const verdict = await this.deps.ports.screenUrl(url);
      if (!verdict.ok) {
        const message = `${url.slice(0, 80)}：${CAPTURE_FAILURES[verdict.code]}${verdict.detail ? `（${verdict.detail}）` : ""}`;
        throw new BusinessError(CaptureCode.urlRefused, message, { errors: { urls: message, url: message } });
      }
    }
  }

  private async assertEngine(): Promise<void> {
    const engine = await this.engineAvailability();
    if (!engine.available) throw new BusinessError(CaptureCode.engineUnavailable, `${CAPTURE_MESSAGES.engineUnavailable}（${engine.reason}）`);
  }

  private async engineAvailability(): Promise<{ available: true } | { available: false; reason: string }> {
    const { engine } = this.deps.ports;
    return engine ? engine.availability() : { available: false, reason: NO_ENGINE_REASON };
  }

  /** The captures and their units in one transaction: a unit missing for any URL creates none of them. */
  private async insertWithUnits(userId: number, captures: readonly NewCapture[]): Promise<number[]> {
    const account = await this.deps.units.accountOf(userId);
    return durableTransaction(this.deps.db, async (trx) => {
      const ids: number[] = [];
      for (const capture of captures) {
        const id = await this.insertQueued(trx, userId, capture, "package");
        const unit = await this.deps.units.reserve(account, this.unitRequest(id, 0), trx);
        await this.deps.repository.updateIn(trx, id, "queued", { unit_reservation_id: unit.id, charged_to: unit.source });
        ids.push(id);
      }
      return ids;
    });
  }

  private insertQueued(trx: Transaction<Database>, userId: number, capture: NewCapture, chargedTo: CaptureChargeSource): Promise<number> {
    const now = this.deps.now();
    return this.deps.repository.insert(trx, {
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
      charged_to: chargedTo,
      ...noPackage(),
      certificate_no: null,
      evidence_id: null,
      rights_json: capture.rights ? JSON.stringify(capture.rights) : null,
      created_at: now,
      started_at: null,
      ended_at: null,
      updated_at: now,
    });
  }

  private unitRequest(captureId: number, round: number) {
    return { service: CAPTURE_UNIT_SERVICE, reference: `${captureId}:${round}`, expiresAt: this.deps.now() + RESERVATION_DAYS * DAY_MS };
  }

  private async holderRow(userId: number, id: number): Promise<CaptureRow> {
    const row = await this.deps.repository.findForHolder(userId, id);
    if (!row) throw new BusinessError(ResultCode.notFound, CAPTURE_MESSAGES.notFound);
    return row;
  }

  private async recordsOf(userId: number, ids: readonly number[]): Promise<CaptureRecord[]> {
    return ids.length === 0 ? [] : (await this.deps.repository.findManyForHolder(userId, ids)).map(toCaptureRecord);
  }

  /** A local file with the package: its blob once sealed, a copy of the waiting one before; null before it exists. */
  private async packageLocation(row: CaptureRow): Promise<string | null> {
    if (row.package_blob) return this.deps.blobs.localPath(row.package_blob);
    return row.package_sha256 ? this.deps.packages.localCopy(row.id, row.package_sha256) : null;
  }
}
