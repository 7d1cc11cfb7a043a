import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { generateCertificateNo } from "../../../src/schema/certificate-no.js";
import { buildEvidenceEntry, metaCommitment, type EvidenceKind, type EvidenceMeta } from "../../../src/schema/evidence-entry.js";
import { EVIDENCE_MESSAGES } from "../../../src/schema/evidence.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { EvidenceRepository, EvidenceRow } from "./evidence.repository.js";

/** What a use case hands over to be stored: the content's facts and the private details. */
export interface EvidenceDraft {
  kind: EvidenceKind;
  holderUserId: number;
  holderName: string;
  name: string;
  size: number;
  sha256: string;
  sm3: string;
  /** The content, already committed to the blob store; null for digest-only evidence. */
  blobSha256: string | null;
  details: Record<string, unknown>;
}

/** A draft with its certificate number and the exact entry text that will be logged. */
export interface PreparedEvidence {
  draft: EvidenceDraft;
  certificateNo: string;
  salt: string;
  time: number;
  entryText: string;
  /** RFC 6962 leaf hash of the entry, known before it is logged. */
  leafHash: string;
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The private facts an entry's `meta` commits to (issue 5 contract). */
export function metaFactsOf(input: { salt: string; holderName: string; name: string; details: Record<string, unknown> }): EvidenceMeta {
  return { salt: input.salt, holderName: input.holderName, name: input.name, details: input.details };
}

export function leafHashOf(entryText: string): string {
  return createHash("sha256").update(Buffer.from([0])).update(entryText, "utf8").digest("hex");
}

export interface LedgerWriterDependencies {
  db: Kysely<Database>;
  repository: EvidenceRepository;
  ledger: LedgerPort;
  blobs: BlobStore;
  now: () => number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

/**
 * The one path by which evidence reaches the ledger, written for crash safety (DESIGN.md §6):
 *   1. the content is already durable in the blob store;
 *   2. the record is written `pending` (durably) with the exact entry text and the ledger's size;
 *   3. the entry is appended; the ledger answers once its block is durable and signed;
 *   4. the record is completed to `stored` with index and block (durably), and only then answered.
 * A crash between 2 and 4 leaves a pending row, which recover() settles at the next start: the
 * entry found in the ledger completes it; otherwise it is appended again (its content is intact)
 * or, content lost, marked failed. Nothing acknowledged is lost; nothing half-done shows as stored.
 */
export class EvidenceLedgerWriter {
  constructor(private readonly deps: LedgerWriterDependencies) {}

  /** A number for evidence whose entry is built later (an affair is numbered before its children). */
  newCertificateNo(): string {
    return generateCertificateNo((length) => randomBytes(length));
  }

  prepare(draft: EvidenceDraft, options: { certificateNo?: string; parentCertificateNo?: string } = {}): PreparedEvidence {
    const { parentCertificateNo } = options;
    const certificateNo = options.certificateNo ?? this.newCertificateNo();
    const salt = randomBytes(32).toString("hex");
    const time = this.deps.now();
    const meta = metaCommitment(metaFactsOf({ salt, ...draft }), sha256Hex);
    const { text } = buildEvidenceEntry({
      kind: draft.kind,
      certificateNo,
      sha256: draft.sha256,
      sm3: draft.sm3,
      size: draft.size,
      time,
      meta,
      ...(parentCertificateNo ? { parent: parentCertificateNo } : {}),
    });
    return { draft, certificateNo, salt, time, entryText: text, leafHash: leafHashOf(text) };
  }

  /**
   * Stores prepared evidence; `children` belong to `parent` (an affair) and are written in the same
   * pending transaction. Answers the record ids, parent first. Throws when anything failed.
   */
  async store(parent: PreparedEvidence, children: readonly PreparedEvidence[] = []): Promise<number[]> {
    return this.write([parent, ...children], (position, ids) => (position === 0 ? null : ids[0]));
  }

  /** Stores children of an affair already stored (record `parentId`); answers their ids. */
  async storeChildren(parentId: number, children: readonly PreparedEvidence[]): Promise<number[]> {
    return this.write(children, () => parentId);
  }

  /** Pending rows (one transaction), the appends, then the completions; `parentOf` gives each row's parent id. */
  private async write(all: readonly PreparedEvidence[], parentOf: (position: number, ids: readonly number[]) => number | null): Promise<number[]> {
    const { db, repository, ledger, now } = this.deps;
    const hint = (await ledger.latestCheckpoint())?.treeSize ?? 0;
    const ids = await durableTransaction(db, async (trx) => {
      const inserted: number[] = [];
      for (const [position, prepared] of all.entries()) inserted.push(await repository.insertPending(trx, rowOf(prepared, hint, parentOf(position, inserted), now())));
      return inserted;
    });
    const outcomes = await Promise.allSettled(all.map((prepared) => ledger.append(Buffer.from(prepared.entryText, "utf8"))));
    const stored: { id: number; index: number; blockHeight: number }[] = [];
    const unsettled: number[] = [];
    outcomes.forEach((outcome, position) => {
      if (outcome.status === "fulfilled") stored.push({ id: ids[position], index: outcome.value.index, blockHeight: outcome.value.blockHeight });
      else unsettled.push(ids[position]);
    });
    await durableTransaction(db, async (trx) => {
      for (const record of stored) await repository.markStored(trx, record.id, record, now());
    });
    if (unsettled.length > 0) {
      outcomes.forEach((outcome) => {
        if (outcome.status === "rejected") this.deps.log.warn({ err: outcome.reason }, "evidence: ledger append failed");
      });
      // The append failed: the entry may or may not be in the ledger; look before answering.
      let isAnyFailed = false;
      for (const id of unsettled) {
        const row = await repository.findById(id);
        if (row && (await this.settle(row, { mayAppend: false })) !== "stored") isAnyFailed = true;
      }
      if (isAnyFailed) throw new BusinessError(ResultCode.serverError, EVIDENCE_MESSAGES.failed);
    }
    return ids;
  }

  /** Settles every pending record, or those written before `leftBefore` (server/jobs/recovery-pass.ts). */
  async recover(leftBefore: number | null = null): Promise<{ stored: number; failed: number }> {
    const pending = await this.deps.repository.findPending(leftBefore);
    let stored = 0;
    let failed = 0;
    for (const row of pending) {
      if ((await this.settle(row, { mayAppend: true })) === "stored") stored++;
      else failed++;
    }
    if (pending.length > 0) this.deps.log.info({ stored, failed }, "evidence: settled pending records left by an interrupted run");
    return { stored, failed };
  }

  private async settle(row: EvidenceRow, options: { mayAppend: boolean }): Promise<"stored" | "failed"> {
    const { db, repository, ledger, blobs, now } = this.deps;
    const found = await this.findInLedger(row);
    if (found) {
      await durableTransaction(db, (trx) => repository.markStored(trx, row.id, found, now()));
      return "stored";
    }
    const isContentIntact = row.blob_sha256 === null || (await blobs.has(row.blob_sha256));
    if (options.mayAppend && isContentIntact) {
      try {
        const receipt = await ledger.append(Buffer.from(row.entry_json, "utf8"));
        await durableTransaction(db, (trx) => repository.markStored(trx, row.id, receipt, now()));
        return "stored";
      } catch (error) {
        this.deps.log.warn({ err: error, id: row.id }, "evidence: re-append of a pending record failed");
      }
    }
    await durableTransaction(db, (trx) => repository.markFailed(trx, row.id, now()));
    return "failed";
  }

  /**
   * The entry of a pending row, if the ledger has it: it can only be at or after the ledger size
   * recorded before the append.
   */
  private async findInLedger(row: EvidenceRow): Promise<{ index: number; blockHeight: number | null } | null> {
    const { ledger } = this.deps;
    const size = (await ledger.latestCheckpoint())?.treeSize ?? 0;
    const wanted = Buffer.from(row.entry_json, "utf8");
    for (let index = Number(row.ledger_size_hint); index < size; index++) {
      const entry = await ledger.entry(index);
      if (entry && wanted.equals(Buffer.from(entry))) {
        return { index, blockHeight: await ledger.blockHeightOf(index) };
      }
    }
    return null;
  }
}

function rowOf(prepared: PreparedEvidence, ledgerSizeHint: number, parentId: number | null, now: number) {
  const { draft } = prepared;
  return {
    certificate_no: prepared.certificateNo,
    holder_user_id: draft.holderUserId,
    holder_name: draft.holderName,
    kind: draft.kind,
    name: draft.name,
    size: draft.size,
    sha256: draft.sha256,
    sm3: draft.sm3,
    created_at: prepared.time,
    leaf_hash: prepared.leafHash,
    ledger_size_hint: ledgerSizeHint,
    parent_id: parentId,
    blob_sha256: draft.blobSha256,
    entry_json: prepared.entryText,
    meta_salt: prepared.salt,
    details: JSON.stringify(draft.details),
    updated_at: now,
  };
}
