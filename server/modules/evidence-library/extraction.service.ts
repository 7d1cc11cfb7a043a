import { ResultCode } from "../../../src/schema/envelope.js";
import { maskDisplayName } from "../../../src/schema/certificate.js";
import {
  EVIDENCE_NOT_FOUND,
  EXTRACTION_FAILURE_LIMIT,
  EXTRACTION_LOCK_MINUTES,
  EXTRACTION_MAX_FAILURES,
  EXTRACTION_MESSAGE,
  ExtractionCode,
  type CreateExtraction,
  type CreatedExtraction,
  type ExtractSession,
  type Extraction,
} from "../../../src/schema/evidence-library.js";
import type { PageP } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import type { PasswordHasher } from "../account/password-hasher.js";
import type { EvidenceReader, LibraryRecord } from "./evidence-library.ports.js";
import { ownRecords } from "./library.service.js";
import { generateExtractCode, generateExtractNo, hashSessionToken, newSessionToken } from "./extraction-secrets.js";
import type { ExtractionRepository, ExtractionRow, ExtractionWithCount } from "./extraction.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live extraction as a third party's session sees it. */
export interface OpenExtraction {
  id: number;
  extractNo: string;
  holderUserId: number;
  expiresAt: number;
}

/**
 * Extraction codes (issue 5 "evidenceExtract"): a holder picks some of their evidence and gets a
 * number and a code to hand to a court or the other party, who logs in with them at
 * /info/extractLogin and sees only those items until the code expires or is revoked.
 */
export class ExtractionService {
  constructor(
    private readonly repository: ExtractionRepository,
    private readonly evidence: EvidenceReader,
    private readonly hasher: PasswordHasher,
    private readonly now: () => number,
  ) {}

  async create(holderUserId: number, input: CreateExtraction): Promise<CreatedExtraction> {
    await ownRecords(this.evidence, holderUserId, input.evidenceIds);

    const code = generateExtractCode();
    const codeHash = await this.hasher.hash(code);
    const createdAt = this.now();
    const id = await this.repository.transaction(async (trx) => {
      let extractNo = generateExtractNo();
      while (await this.repository.isNumberTaken(extractNo, trx)) extractNo = generateExtractNo();
      return this.repository.insert(
        trx,
        { extract_no: extractNo, code_hash: codeHash, holder_user_id: holderUserId, remark: input.remark, created_at: createdAt, expires_at: createdAt + input.validDays * DAY_MS },
        input.evidenceIds,
      );
    });
    const row = await this.repository.findForHolder(holderUserId, id);
    return { ...this.toExtraction(row!), extractCode: code };
  }

  async list(holderUserId: number, pageNumber: number, pageSize: number): Promise<PageP<Extraction>> {
    const { rows, total } = await this.repository.pageForHolder(holderUserId, (pageNumber - 1) * pageSize, pageSize);
    return { list: rows.map((row) => this.toExtraction(row)), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async revoke(holderUserId: number, id: number): Promise<Extraction> {
    const row = await this.repository.findForHolder(holderUserId, id);
    if (!row) throw new BusinessError(ResultCode.notFound, "没有找到这条提取记录");
    if (row.revoked_at === null) await this.repository.revoke(holderUserId, id, this.now());
    return this.toExtraction((await this.repository.findForHolder(holderUserId, id))!);
  }

  /**
   * A third party's login. One refusal for every reason (unknown number, wrong code, expired,
   * revoked), and the scrypt check runs even for an unknown number, so neither the answer nor its
   * time tells which numbers exist. Wrong codes lock the number for a while.
   */
  async login(extractNo: string, code: string): Promise<{ token: string; session: ExtractSession }> {
    const row = await this.repository.findByNumber(extractNo);
    const now = this.now();
    if (!row) {
      await this.hasher.verifyAgainstNothing(code);
      throw refused();
    }
    const isReserved = await this.repository.reserveAttempt(row.id, {
      now,
      lockFrom: EXTRACTION_MAX_FAILURES,
      lockUntil: now + EXTRACTION_LOCK_MINUTES * 60_000,
      closeAt: EXTRACTION_FAILURE_LIMIT,
    });
    if (!isReserved) throw lockedAnswer((await this.repository.findByNumber(extractNo)) ?? row, now);
    // The reservation already counted this attempt as a failure; only a right code undoes it.
    if (!(await this.hasher.verify(code, row.code_hash))) throw refused();
    if (!isLive(row, now)) throw refused();

    const token = newSessionToken();
    await this.repository.recordLogin(row.id, { token_hash: hashSessionToken(token), created_at: now, expires_at: row.expires_at });
    return { token, session: await this.describe(row) };
  }

  /** The live extraction behind a session cookie; the session ends with its grant. */
  async open(token: string | undefined): Promise<OpenExtraction> {
    if (!token) throw sessionEnded();
    const session = await this.repository.findSession(hashSessionToken(token));
    const now = this.now();
    if (!session || session.expires_at <= now) throw sessionEnded();
    const row = await this.repository.findById(session.extraction_id);
    if (!row || !isLive(row, now)) throw sessionEnded();
    return { id: row.id, extractNo: row.extract_no, holderUserId: row.holder_user_id, expiresAt: row.expires_at };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.repository.deleteSession(hashSessionToken(token));
  }

  async sessionOf(extraction: OpenExtraction): Promise<ExtractSession> {
    return this.describe((await this.repository.findById(extraction.id))!);
  }

  /** The granted items still held (one the holder has since deleted drops out), in the holder's order. */
  async items(extraction: OpenExtraction): Promise<LibraryRecord[]> {
    const ids = await this.repository.itemIds(extraction.id);
    const records = await Promise.all(ids.map((id) => this.evidence.getForHolder(extraction.holderUserId, id)));
    return records.filter((record): record is LibraryRecord => record !== null);
  }

  /** One granted item; anything not in the grant is "not found", whoever holds it. */
  async item(extraction: OpenExtraction, evidenceId: number): Promise<LibraryRecord> {
    const record = (await this.repository.hasItem(extraction.id, evidenceId)) ? await this.evidence.getForHolder(extraction.holderUserId, evidenceId) : null;
    if (!record) throw new BusinessError(ResultCode.notFound, EVIDENCE_NOT_FOUND);
    return record;
  }

  /** The ids of `wanted` that the grant covers, all of them or a refusal. */
  async itemsAmong(extraction: OpenExtraction, wanted: readonly number[]): Promise<LibraryRecord[]> {
    return Promise.all(wanted.map((id) => this.item(extraction, id)));
  }

  purgeEndedSessions(): Promise<void> {
    return this.repository.deleteEndedSessions(this.now());
  }

  private async describe(row: ExtractionRow): Promise<ExtractSession> {
    const ids = await this.repository.itemIds(row.id);
    const first = ids.length > 0 ? await this.evidence.getForHolder(row.holder_user_id, ids[0]) : null;
    return { extractNo: row.extract_no, expiresAt: row.expires_at, holderName: first ? maskDisplayName(first.holderName) : "", itemCount: ids.length };
  }

  private toExtraction(row: ExtractionWithCount): Extraction {
    const now = this.now();
    const status = row.revoked_at !== null ? "revoked" : row.expires_at <= now ? "expired" : "active";
    return {
      id: row.id,
      extractNo: row.extract_no,
      remark: row.remark,
      itemCount: row.item_count,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      status,
      loginCount: row.login_count,
      lastLoginAt: row.last_login_at,
    };
  }
}

const isLive = (row: ExtractionRow, now: number) => row.revoked_at === null && row.expires_at > now;
const refused = () => new BusinessError(ExtractionCode.refused, EXTRACTION_MESSAGE.refused);
const sessionEnded = () => new BusinessError(ExtractionCode.sessionEnded, EXTRACTION_MESSAGE.sessionEnded);
/** Closed for good at the failure limit; otherwise locked for the rest of the lock (a minute at least). */
function lockedAnswer(row: ExtractionRow, now: number) {
  if (row.failed_attempts >= EXTRACTION_FAILURE_LIMIT) return new BusinessError(ExtractionCode.locked, EXTRACTION_MESSAGE.closed);
  const remainingMs = (row.locked_until ?? now) - now;
  return new BusinessError(ExtractionCode.locked, EXTRACTION_MESSAGE.locked(Math.max(1, Math.ceil(remainingMs / 60_000))));
}
