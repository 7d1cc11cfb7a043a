import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { z } from "zod";
import { AFFAIR_MANIFEST_FORMAT, affairManifestText } from "../../../src/schema/affair-manifest.js";
import { canonicalJson } from "../../../src/schema/canonical-json.js";
import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import type { RecordingKind } from "../../../src/schema/recording.js";
import { storedAttachments } from "../../../src/schema/evidence-original.js";
import {
  AffairFieldsSchema,
  EVIDENCE_MAX_FILES_PER_REQUEST,
  EVIDENCE_MESSAGES,
  fileEvidenceRule,
  HASH_ORIGINAL_RULE,
  HashEvidenceFormSchema,
  RightsFileFieldsSchema,
  RightsHashFormSchema,
  RightsWebFieldsSchema,
  TextEvidenceFormSchema,
  VoucherFieldsSchema,
  WEB_PAGE_UPLOAD_RULE,
  FileEvidenceFieldsSchema,
  type EvidenceListQuery,
  type EvidenceRecordView,
} from "../../../src/schema/evidence.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import { boundFileName } from "../../../src/schema/stored-name.js";
import { rightTypeRule } from "../../../src/schema/upload.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { durableTransaction } from "../../db/dialect.js";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import type { StreamedFile } from "../../http/streamed-upload.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { ingestAll, ingestFile, uploadRefusal, type IngestedFile } from "./evidence-ingest.js";
import { metaFactsOf, type EvidenceDraft, type EvidenceLedgerWriter, type PreparedEvidence } from "./evidence-ledger-writer.js";
import { toRecord, toView } from "./evidence-records.js";
import type { EvidenceRepository } from "./evidence.repository.js";
import type { AffairRef, EvidenceListOptions, EvidencePort, EvidenceRecord } from "./evidence.types.js";
import { holderNameOf } from "./holder-name.js";

export interface EvidenceServiceDependencies {
  db: Kysely<Database>;
  repository: EvidenceRepository;
  writer: EvidenceLedgerWriter;
  blobs: BlobStore;
  accounts: Pick<AccountRecords, "findUser">;
  now: () => number;
}

type Files = AsyncIterable<StreamedFile>;

/** What savePlatformContent stores: a blob already in the store, its digests and the kind's details. */
export interface PlatformContent {
  kind: Extract<EvidenceKind, "snapshot" | "rightsWeb" | "sealedPdf" | "digitalReport" | RecordingKind>;
  certificateNo: string;
  name: string;
  size: number;
  sha256: string;
  sm3: string;
  blobSha256: string;
  details: Record<string, unknown>;
}
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Evidence storage use cases (issue 5): each kind turns its input into drafts (content in the blob
 * store, digests, private details) and hands them to the ledger writer; the holder's lists,
 * details and deletion; and the read side other modules use (EvidencePort).
 */
export class EvidenceService implements EvidencePort {
  constructor(private readonly deps: EvidenceServiceDependencies) {}

  // ---- storing ----

  /** One record per file, each with its own certificate. */
  async saveFiles(userId: number, fields: z.infer<typeof FileEvidenceFieldsSchema>, files: Files): Promise<EvidenceRecordView[]> {
    const holder = await this.holderOf(userId);
    const ingested = await this.ingestRequired(files, (file) => ingestFile(this.deps.blobs, file, fileEvidenceRule(file.filename)));
    const drafts = await this.commitBlobs(ingested, (file, blob) => ({
      ...holder,
      kind: "file" as const,
      // File names arrive cleaned and bounded (server/plugins/multipart.ts); the joined name is bounded again.
      name: ingested.length === 1 && fields.name ? fields.name : fields.name ? boundFileName(`${fields.name}-${file.fileName}`) : file.fileName,
      size: file.size,
      sha256: file.sha256,
      sm3: file.sm3,
      blobSha256: blob,
      details: { fileName: file.fileName },
    }));
    return this.storeEach(drafts);
  }

  /** The normalised text (lines trimmed, empty lines dropped) is the content. */
  async saveText(userId: number, input: z.infer<typeof TextEvidenceFormSchema>): Promise<EvidenceRecordView> {
    const content = Buffer.from(input.content, "utf8");
    return this.storeContent(userId, "text", input.name, content, { chars: input.content.length });
  }

  /** Digests only: the file stays with the holder (desensitised). */
  async saveHash(userId: number, input: z.infer<typeof HashEvidenceFormSchema>, kind: "hash" | "rightsHash" = "hash", extra: Record<string, unknown> = {}): Promise<EvidenceRecordView> {
    const holder = await this.holderOf(userId);
    const [view] = await this.storeEach([
      {
        ...holder,
        kind,
        name: input.name,
        size: input.size,
        sha256: input.sha256,
        sm3: input.sm3,
        blobSha256: null,
        details: { ...extra, fileName: input.fileName, originalVerifiedAt: null },
      },
    ]);
    return view;
  }

  /**
   * A transaction voucher: the structured fields plus the attachments' digests, as canonical
   * JSON, are the content; the attachments are stored beside it.
   */
  async saveVoucher(userId: number, fields: z.infer<typeof VoucherFieldsSchema>, files: Files): Promise<EvidenceRecordView> {
    const attachments = await ingestAll(files, EVIDENCE_MAX_FILES_PER_REQUEST, (file) => ingestFile(this.deps.blobs, file, fileEvidenceRule(file.filename)), EVIDENCE_MESSAGES.tooManyFiles);
    const stored = await Promise.all(attachments.map(async (file) => ({ ...digestsOf(file), blobSha256: await file.blob.commit() })));
    const { name, ...voucher } = fields;
    const document = { voucher, attachments: stored.map(({ blobSha256: _blob, ...facts }) => facts) };
    return this.storeContent(userId, "voucher", name, Buffer.from(canonicalJson(document), "utf8"), { voucher, attachments: stored });
  }

  /**
   * An affair: every file becomes a child evidence with its own certificate, and the affair's own
   * entry digests a readable manifest of those children (src/schema/affair-manifest.ts), their leaf
   * hashes included, so the affair commits to every child entry it covers.
   */
  async saveAffair(userId: number, fields: z.infer<typeof AffairFieldsSchema>, files: Files): Promise<EvidenceRecordView> {
    const holder = await this.holderOf(userId);
    const { writer } = this.deps;
    const affairNo = writer.newCertificateNo();
    const children = await this.prepareChildren(holder, files, affairNo, {});
    const description = fields.description ?? null;
    const manifest = affairManifestText(
      { certificateNo: affairNo, name: fields.name, description },
      children.map((child) => ({
        certificateNo: child.certificateNo,
        name: child.draft.name,
        fileName: String(child.draft.details.fileName),
        size: child.draft.size,
        sha256: child.draft.sha256,
        sm3: child.draft.sm3,
        time: new Date(child.time).toISOString(),
        leafHash: child.leafHash,
      })),
    );
    const content = Buffer.from(manifest, "utf8");
    const blobSha256 = await this.deps.blobs.put(content);
    const affair = writer.prepare(
      {
        ...holder,
        kind: "affair",
        name: fields.name,
        size: content.length,
        ...digestsOfBytes(content),
        blobSha256,
        // childCount: what the affair covered at creation; children added later do not change it.
        details: { description, childCount: children.length, contentFormat: AFFAIR_MANIFEST_FORMAT },
      },
      { certificateNo: affairNo },
    );
    const [affairId] = await writer.store(affair, children);
    return this.viewOf(affairId);
  }

  /**
   * More children for an existing affair of the holder: each with its own entry (naming the affair
   * as its parent) and certificate. The affair's own record, entry and manifest stay exactly as
   * stored: they attest what it covered at creation.
   */
  async addAffairChildren(userId: number, parentId: number, files: Files): Promise<EvidenceRecordView[]> {
    const affair = await this.getForHolder(userId, parentId);
    // Refused before any file is read; the multipart plugin reads the rest of the body away.
    if (!affair || affair.kind !== "affair" || affair.parentId !== null) throw new BusinessError(ResultCode.notFound, EVIDENCE_MESSAGES.notFound);
    if (affair.status !== "stored") throw new BusinessError(ResultCode.validationFailed, EVIDENCE_MESSAGES.affairNotStored);
    const holder = await this.holderOf(userId);
    const children = await this.prepareChildren(holder, files, affair.certificateNo, { addedLater: true });
    const ids = await this.deps.writer.storeChildren(affair.id, children);
    return Promise.all(ids.map((id) => this.viewOf(id)));
  }

  async saveRightsFile(userId: number, fields: z.infer<typeof RightsFileFieldsSchema>, files: Files): Promise<EvidenceRecordView> {
    const rule = rightTypeRule(fields.rightType);
    const [file] = await this.ingestRequired(files, (part) => ingestFile(this.deps.blobs, part, rule), 1);
    const holder = await this.holderOf(userId);
    const blobSha256 = await file.blob.commit();
    const [view] = await this.storeEach([
      { ...holder, kind: "rightsFile", name: fields.name, ...digestsOf(file), blobSha256, details: { ...rightsDetails(fields), rightType: fields.rightType, rightTypeLabel: rule.label, fileName: file.fileName } },
    ]);
    return view;
  }

  async saveRightsHash(userId: number, input: z.infer<typeof RightsHashFormSchema>): Promise<EvidenceRecordView> {
    const rule = rightTypeRule(input.rightType);
    return this.saveHash(userId, input, "rightsHash", { ...rightsDetails(input), rightType: input.rightType, rightTypeLabel: rule.label });
  }

  /**
   * A web page: its URL and the page as the holder captured it, given as the saved file or as its
   * digests. The server cannot fetch the URL itself (no internet here), and says so in the record.
   */
  async saveRightsWeb(userId: number, fields: z.infer<typeof RightsWebFieldsSchema>, files: Files): Promise<EvidenceRecordView> {
    const ingested = await ingestAll(files, 1, (file) => ingestFile(this.deps.blobs, file, WEB_PAGE_UPLOAD_RULE), EVIDENCE_MESSAGES.tooManyFiles);
    const holder = await this.holderOf(userId);
    const details = { ...rightsDetails(fields), url: fields.url, capturedBy: "holder" };
    if (ingested.length === 1) {
      const [file] = ingested;
      const blobSha256 = await file.blob.commit();
      const [view] = await this.storeEach([{ ...holder, kind: "rightsWeb", name: fields.name, ...digestsOf(file), blobSha256, details: { ...details, fileName: file.fileName } }]);
      return view;
    }
    if (!fields.sha256 || !fields.sm3 || !fields.size) throw uploadRefusal(EVIDENCE_MESSAGES.webContentMissing);
    const [view] = await this.storeEach([
      { ...holder, kind: "rightsWeb", name: fields.name, size: fields.size, sha256: fields.sha256, sm3: fields.sm3, blobSha256: null, details: { ...details, fileName: fields.fileName ?? null } },
    ]);
    return view;
  }

  /**
   * Content the platform made itself and already committed to the blob store (a captured web
   * page's package, issue 15), stored under a certificate number its caller chose beforehand. Doing
   * it again with the same number answers the record stored the first time, so a caller whose
   * process died mid-way can finish without logging the content twice.
   */
  async savePlatformContent(userId: number, content: PlatformContent): Promise<number> {
    const earlier = await this.deps.repository.findByCertificateNo(content.certificateNo);
    if (earlier) {
      if (Number(earlier.holder_user_id) !== userId || earlier.sha256 !== content.sha256) throw new Error(`evidence: certificate number ${content.certificateNo} names other content`);
      // A failed record keeps its number; the caller tries again under a new one.
      if (earlier.status === "failed") throw new BusinessError(ResultCode.serverError, EVIDENCE_MESSAGES.failed);
      return Number(earlier.id);
    }
    const holder = await this.holderOf(userId);
    const { kind, name, size, sha256, sm3, blobSha256, details } = content;
    const prepared = this.deps.writer.prepare({ ...holder, kind, name, size, sha256, sm3, blobSha256, details }, { certificateNo: content.certificateNo });
    const [id] = await this.deps.writer.store(prepared);
    return id;
  }

  /**
   * ApplyCertificateProcess: the holder presents the original of a hash evidence. Its SHA-256, SM3
   * and size must equal the logged ones; then it is kept and the evidence is fully certified.
   */
  async applyHashCertificate(userId: number, id: number, files: Files): Promise<EvidenceRecordView> {
    const record = await this.getForHolder(userId, id);
    const isHashKind = record && (record.kind === "hash" || record.kind === "rightsHash");
    const [file] = await this.ingestRequired(files, (part) => ingestFile(this.deps.blobs, part, HASH_ORIGINAL_RULE), 1);
    if (!record || !isHashKind) {
      await file.blob.discard();
      throw new BusinessError(ResultCode.notFound, EVIDENCE_MESSAGES.notFound);
    }
    if (record.status !== "stored") {
      await file.blob.discard();
      throw new BusinessError(ResultCode.validationFailed, EVIDENCE_MESSAGES.notStored);
    }
    if (record.blobSha256) {
      await file.blob.discard();
      throw new BusinessError(ResultCode.validationFailed, EVIDENCE_MESSAGES.alreadyCertified);
    }
    if (file.sha256 !== record.sha256 || file.sm3 !== record.sm3 || file.size !== record.size) {
      await file.blob.discard();
      throw uploadRefusal(EVIDENCE_MESSAGES.originalMismatch);
    }
    const blobSha256 = await file.blob.commit();
    const now = this.deps.now();
    const details = JSON.stringify({ ...record.details, originalVerifiedAt: now, originalFileName: file.fileName });
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.attachOriginal(trx, record.id, blobSha256, details, now));
    return this.viewOf(record.id);
  }

  /** A fresh certificate number, for a caller that must know it before storing (savePlatformContent). */
  newCertificateNo(): string {
    return this.deps.writer.newCertificateNo();
  }

  // ---- the holder's pages ----

  async listViews(userId: number, kind: EvidenceKind, query: EvidenceListQuery): Promise<PageP<EvidenceRecordView>> {
    const page = await this.listForHolder(userId, { kinds: [kind], ...listFilters(query), pageNumber: query.pageNumber, pageSize: query.pageSize });
    return { ...page, list: await this.viewsOf(page.list) };
  }

  /** An affair's children, newest first (those added later on top), each with its own time. */
  async listChildViews(userId: number, parentId: number, query: { pageNumber: number; pageSize: number }): Promise<PageP<EvidenceRecordView>> {
    const parent = await this.getForHolder(userId, parentId);
    if (!parent || parent.kind !== "affair") throw new BusinessError(ResultCode.notFound, EVIDENCE_MESSAGES.notFound);
    const page = await this.listForHolder(userId, { parentId, pageNumber: query.pageNumber, pageSize: query.pageSize });
    return { ...page, list: await this.viewsOf(page.list) };
  }

  /** The holder's own record of that kind (an affair's children count as the affair's kind family). */
  async detailView(userId: number, id: number, kind?: EvidenceKind): Promise<EvidenceRecordView> {
    const record = await this.getForHolder(userId, id);
    if (!record || (kind && record.kind !== kind && !(kind === "affair" && record.parentId !== null))) {
      throw new BusinessError(ResultCode.notFound, EVIDENCE_MESSAGES.notFound);
    }
    const [view] = await this.viewsOf([record]);
    return view;
  }

  /** Hides the record from the holder's lists; the ledger entry is never removed. */
  async hide(userId: number, id: number): Promise<void> {
    if (!(await this.deps.repository.hide(userId, id, this.deps.now()))) throw new BusinessError(ResultCode.notFound, EVIDENCE_MESSAGES.notFound);
  }

  /** What an account keeps, per kind (the console's customer page). */
  async holderStats(userId: number): Promise<{ kind: EvidenceKind; count: number; bytes: number }[]> {
    return (await this.deps.repository.statsOfHolder(userId)) as { kind: EvidenceKind; count: number; bytes: number }[];
  }

  // ---- EvidencePort ----

  async findByCertificateNo(certificateNo: string): Promise<EvidenceRecord | null> {
    const row = await this.deps.repository.findByCertificateNo(certificateNo);
    return row ? toRecord(row) : null;
  }

  async findByDigest(sha256Hex: string): Promise<EvidenceRecord[]> {
    return (await this.deps.repository.findStoredBySha256(sha256Hex.toLowerCase())).map(toRecord);
  }

  async getForHolder(userId: number, id: number): Promise<EvidenceRecord | null> {
    const row = await this.deps.repository.findById(id);
    if (!row || Number(row.holder_user_id) !== userId || row.deleted_at !== null) return null;
    return toRecord(row);
  }

  async listForHolder(userId: number, options: EvidenceListOptions): Promise<PageP<EvidenceRecord>> {
    const { rows, total } = await this.deps.repository.list(userId, options);
    return { list: rows.map(toRecord), pageNumber: options.pageNumber, pageSize: options.pageSize, totalPage: Math.ceil(total / options.pageSize), totalRow: total };
  }

  async openContent(record: EvidenceRecord): Promise<Readable | null> {
    return record.blobSha256 ? this.deps.blobs.open(record.blobSha256) : null;
  }

  /** What vouchers created since `since` keep of their input: each original and its details (session/exposed-token-repair.ts). */
  async *voucherDocumentsSince(since: number): AsyncIterable<Buffer> {
    for (const row of await this.deps.repository.contentOfKindSince("voucher", since)) {
      const original = row.blob_sha256 ? await this.deps.blobs.read(row.blob_sha256) : null;
      if (original) yield original;
      yield Buffer.from(row.details, "utf8");
    }
  }

  async openAttachment(record: EvidenceRecord, index: number): Promise<Readable | null> {
    const attachment = storedAttachments(record).find((candidate) => candidate.index === index);
    return attachment ? this.deps.blobs.open(attachment.blobSha256) : null;
  }

  async findAffairOf(record: EvidenceRecord): Promise<AffairRef | null> {
    if (record.parentId === null) return null;
    const [affair] = await this.deps.repository.findByIds([record.parentId]);
    return affair ? affairRefOf(toRecord(affair)) : null;
  }

  metaFacts(record: EvidenceRecord): Record<string, unknown> {
    return metaFactsOf({ salt: record.metaSalt, holderName: record.holderName, name: record.name, details: record.details });
  }

  // ---- helpers ----

  private async holderOf(userId: number): Promise<{ holderUserId: number; holderName: string }> {
    const user = await this.deps.accounts.findUser(userId);
    // The session proved the user exists: a missing row is a server fault.
    if (!user) throw new Error(`evidence: user ${userId} of a live session has no row`);
    return { holderUserId: userId, holderName: holderNameOf(user) };
  }

  private async ingestRequired(files: Files, ingest: (file: StreamedFile) => Promise<IngestedFile>, maxFiles = EVIDENCE_MAX_FILES_PER_REQUEST): Promise<IngestedFile[]> {
    const ingested = await ingestAll(files, maxFiles, ingest, EVIDENCE_MESSAGES.tooManyFiles);
    if (ingested.length === 0) throw uploadRefusal(EVIDENCE_MESSAGES.noFiles);
    return ingested;
  }

  private async commitBlobs(files: IngestedFile[], draftOf: (file: IngestedFile, blobSha256: string) => EvidenceDraft): Promise<EvidenceDraft[]> {
    return Promise.all(files.map(async (file) => draftOf(file, await file.blob.commit())));
  }

  /**
   * The files of an affair request as child drafts under `affairNo`, each prepared (certificate
   * number, entry, leaf hash) so that the affair's manifest can name them before anything is stored.
   */
  private async prepareChildren(holder: { holderUserId: number; holderName: string }, files: Files, affairNo: string, extraDetails: Record<string, unknown>): Promise<PreparedEvidence[]> {
    const ingested = await this.ingestRequired(files, (file) => ingestFile(this.deps.blobs, file, fileEvidenceRule(file.filename)));
    const drafts = await this.commitBlobs(ingested, (file, blob) => ({
      ...holder,
      kind: "file" as const,
      name: file.fileName,
      size: file.size,
      sha256: file.sha256,
      sm3: file.sm3,
      blobSha256: blob,
      details: { fileName: file.fileName, ...extraDetails },
    }));
    return drafts.map((draft) => this.deps.writer.prepare(draft, { parentCertificateNo: affairNo }));
  }

  private async storeContent(userId: number, kind: EvidenceKind, name: string, content: Buffer, details: Record<string, unknown>): Promise<EvidenceRecordView> {
    const holder = await this.holderOf(userId);
    const blobSha256 = await this.deps.blobs.put(content);
    const [view] = await this.storeEach([{ ...holder, kind, name, size: content.length, ...digestsOfBytes(content), blobSha256, details }]);
    return view;
  }

  /** Each draft stored on its own (its own pending row and entry); appends share blocks. */
  private async storeEach(drafts: EvidenceDraft[]): Promise<EvidenceRecordView[]> {
    const ids = await Promise.all(drafts.map(async (draft) => (await this.deps.writer.store(this.deps.writer.prepare(draft)))[0]));
    return Promise.all(ids.map((id) => this.viewOf(id)));
  }

  private async viewOf(id: number): Promise<EvidenceRecordView> {
    const row = await this.deps.repository.findById(id);
    if (!row) throw new Error(`evidence: record ${id} vanished`);
    const [view] = await this.viewsOf([toRecord(row)]);
    return view;
  }

  /** Records as the pages show them: an affair with its children's count, a child with its affair's name and number. */
  private async viewsOf(records: readonly EvidenceRecord[]): Promise<EvidenceRecordView[]> {
    const { repository } = this.deps;
    const counts = await repository.countChildren(records.filter((record) => record.kind === "affair").map((record) => record.id));
    const parentIds = [...new Set(records.flatMap((record) => (record.parentId === null ? [] : [record.parentId])))];
    const parents = new Map((await repository.findByIds(parentIds)).map((row) => [Number(row.id), affairRefOf(toRecord(row))]));
    return records.map((record) =>
      toView(record, {
        childCount: record.kind === "affair" ? (counts.get(record.id) ?? 0) : null,
        affair: record.parentId === null ? null : (parents.get(record.parentId) ?? null),
      }),
    );
  }
}

function affairRefOf(record: EvidenceRecord): AffairRef {
  return { id: record.id, name: record.name, certificateNo: record.certificateNo };
}

function digestsOf(file: IngestedFile) {
  return { fileName: file.fileName, size: file.size, sha256: file.sha256, sm3: file.sm3 };
}

function digestsOfBytes(content: Buffer): { sha256: string; sm3: string } {
  return { sha256: createHash("sha256").update(content).digest("hex"), sm3: createHash("sm3").update(content).digest("hex") };
}

function rightsDetails(fields: { author: string; creationTime: number }) {
  return { author: fields.author, creationTime: fields.creationTime };
}

/** Query dates are Shanghai calendar days (spec §5), inclusive at both ends. */
function listFilters(query: EvidenceListQuery): Pick<EvidenceListOptions, "keyName" | "from" | "to"> {
  const from = query.startTime ? parseShanghaiDateTime(query.startTime) : null;
  const to = query.endTime ? parseShanghaiDateTime(query.endTime) : null;
  return { ...(query.keyName ? { keyName: query.keyName } : {}), ...(from !== null ? { from } : {}), ...(to !== null ? { to: to + DAY_MS - 1 } : {}) };
}
