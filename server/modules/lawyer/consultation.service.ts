import type { Readable } from "node:stream";
import type { Kysely, Transaction } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  attachmentContentType,
  CONSULTATION_ATTACHMENT_RULE,
  CONSULTATION_LIFECYCLE,
  CONSULTATION_MESSAGES,
  CONSULTATION_NOTICE_INTERVAL_MS,
  ConsultationStateError,
  LAWYER_SERVICE_LIMITS,
  LawyerServiceCode,
  type ConsultationAction,
  type ConsultationDetail,
  type ConsultationFormValues,
  type ConsultationListQuery,
  type ConsultationMessage,
  type ConsultationRow,
  type ConsultationSide,
  type ConsultationState,
} from "../../../src/schema/lawyer-service.js";
import type { PageP } from "../../../src/schema/paging.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction, isUniqueViolation } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { StreamedFile } from "../../http/streamed-upload.js";
import type { AccountRecords } from "../account/account-records.service.js";
import { ingestAll, ingestFile, uploadRefusal, type IngestedFile } from "../evidence/evidence-ingest.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import { frozenEvidenceColumns } from "../evidence/frozen-evidence.js";
import type { Notifier } from "../notifier/notifier.js";
import { sendAccountNotice } from "../notifier/account-notice.js";
import { consultationNotice } from "./consultation-notice.js";
import { actionsOf, askerNameOf, listCounts, sideOf, toConsultationRow, toLinkedEvidence, toMessages, type ThreadParties } from "./consultation-view.js";
import { otherSide, SIDE_COLUMNS, type ConsultationRepository, type ConsultationRow as ThreadRow } from "./consultation.repository.js";
import { toLawyerProfile, type LawyerProfiles } from "./lawyer-profiles.service.js";

export interface ConsultationDependencies {
  db: Kysely<Database>;
  repository: ConsultationRepository;
  lawyers: LawyerProfiles;
  evidence: Pick<EvidencePort, "getForHolder">;
  accounts: Pick<AccountRecords, "findUser">;
  blobs: BlobStore;
  notifier: Notifier;
  now: () => number;
  /** Where an undelivered notice is reported (the message stands; the party sees it when they look). */
  log: { warn(details: object, message: string): void };
}

type Notice = { to: ConsultationSide; kind: "created" | "message" | "closed" };
type PostFields = { text?: string; requestKey?: string };

/**
 * Consultation threads (issue 17). Only the two parties can read a thread: anybody else is answered
 * as if it did not exist. Every change is one durable transaction; a party is told of news by SMS
 * or e-mail at most once per CONSULTATION_NOTICE_INTERVAL_MS per thread, the claim made in the same
 * transaction and the notice sent after the commit.
 */
export class ConsultationService {
  constructor(private readonly deps: ConsultationDependencies) {}

  async create(userId: number, form: ConsultationFormValues): Promise<ConsultationDetail> {
    const { repository, now } = this.deps;
    if (form.requestKey) {
      const earlier = await repository.findByRequestKey(userId, form.requestKey);
      if (earlier) return this.detail(userId, earlier.id);
    }
    if (form.lawyerId === userId) throw fieldRefusal("lawyerId", CONSULTATION_MESSAGES.selfConsultation);
    if (!(await this.deps.lawyers.activeRow(form.lawyerId))) throw fieldRefusal("lawyerId", CONSULTATION_MESSAGES.lawyerNotFound);
    const evidence = await this.requireOwnStoredEvidence(userId, form.evidenceIds);
    const time = now();
    let id: number;
    try {
      id = await durableTransaction(this.deps.db, async (trx) => {
        const created = await repository.insert(trx, {
          user_id: userId,
          lawyer_id: form.lawyerId,
          title: form.title,
          state: "open" satisfies ConsultationState,
          request_key: form.requestKey ?? null,
          summary: null,
          closed_at: null,
          user_read_id: 0,
          lawyer_read_id: 0,
          user_notified_at: null,
          lawyer_notified_at: null,
          last_message_at: time,
          created_at: time,
        });
        await repository.insertEvidence(trx, evidence.map((record, position) => linkedRowOf(created, position, record)));
        // The question opens the thread: the lawyer's first unread message, the user's own.
        await repository.insertMessage(trx, { consultation_id: created, side: "user", text: form.question, request_key: null, created_at: time });
        return created;
      });
    } catch (error) {
      // The same request sent twice at once: the first one's thread is the answer.
      const earlier = form.requestKey && isUniqueViolation(error) ? await repository.findByRequestKey(userId, form.requestKey) : undefined;
      if (earlier) return this.detail(userId, earlier.id);
      throw error;
    }
    await this.claimAndNotify(id, { to: "lawyer", kind: "created" });
    return this.detail(userId, id);
  }

  async list(userId: number, side: ConsultationSide, query: ConsultationListQuery): Promise<PageP<ConsultationRow>> {
    if (side === "lawyer") await this.deps.lawyers.requireProfile(userId);
    const { pageNumber, pageSize } = query;
    const { rows, total } = await this.deps.repository.page(side, userId, { keyName: query.keyName, state: query.state as ConsultationState | undefined }, { pageNumber, pageSize });
    const parties = await this.partiesOf(rows);
    return {
      list: rows.map((row) => toConsultationRow(row, side, parties(row), listCounts(row))),
      pageNumber,
      pageSize,
      totalPage: Math.ceil(total / pageSize),
      totalRow: total,
    };
  }

  async detail(userId: number, id: number): Promise<ConsultationDetail> {
    const { thread, side } = await this.requireParty(userId, id);
    const [parties, evidence, { messages, attachments }, unread] = await Promise.all([
      this.partiesOf([thread]),
      this.deps.repository.evidenceOf(id),
      this.deps.repository.messagesOf(id),
      this.deps.repository.unreadCount(id, side),
    ]);
    const party = parties(thread);
    const state = thread.state as ConsultationState;
    return {
      ...toConsultationRow(thread, side, party, { unread, evidence: evidence.length }),
      lawyer: toLawyerProfile(party.lawyer),
      evidence: evidence.map(toLinkedEvidence),
      messages: toMessages(thread, side, party, messages, attachments),
      summary: thread.summary,
      closeTime: thread.closed_at,
      actions: actionsOf(state, side),
    };
  }

  /** Marks the other side's messages up to `lastMessageId` (at most the newest there is) as read by the caller. */
  async markRead(userId: number, id: number, lastMessageId: number): Promise<{ unreadCount: number }> {
    const { side } = await this.requireParty(userId, id);
    const upTo = Math.min(lastMessageId, await this.deps.repository.newestMessageId(id));
    await this.deps.repository.markRead(id, side, upTo);
    return { unreadCount: await this.deps.repository.unreadCount(id, side) };
  }

  /** A message (text and/or attachments) from either party while the thread is open. */
  async post(userId: number, id: number, fields: PostFields, files: AsyncIterable<StreamedFile>): Promise<ConsultationMessage> {
    const { repository, now } = this.deps;
    const { thread, side } = await this.requireParty(userId, id);
    if (fields.requestKey) {
      const earlier = await repository.findMessageByRequestKey(id, side, fields.requestKey);
      if (earlier) return this.messageView(userId, id, earlier.id);
    }
    requireEdge(thread.state, "post");
    const ingested = await ingestAll(
      files,
      LAWYER_SERVICE_LIMITS.attachmentsPerMessage,
      (file) => ingestFile(this.deps.blobs, file, CONSULTATION_ATTACHMENT_RULE, "files"),
      `每条消息最多添加${LAWYER_SERVICE_LIMITS.attachmentsPerMessage}个附件`,
    );
    const text = fields.text ?? "";
    if (text === "" && ingested.length === 0) throw fieldRefusal("text", CONSULTATION_MESSAGES.emptyMessage);
    let messageId: number;
    try {
      // Blobs are named by their content, so one committed before a transaction that then fails is only unused bytes.
      const stored = await Promise.all(ingested.map(async (file) => ({ file, sha256: await file.blob.commit() })));
      messageId = await durableTransaction(this.deps.db, async (trx) => {
        const current = await repository.find(id, trx);
        requireEdge(current!.state, "post");
        const time = now();
        const created = await repository.insertMessage(trx, { consultation_id: id, side, text, request_key: fields.requestKey ?? null, created_at: time });
        await repository.insertAttachments(trx, stored.map(({ file, sha256 }) => attachmentRowOf(id, created, file, sha256, time)));
        await repository.touch(trx, id, time);
        return created;
      });
    } catch (error) {
      await Promise.all(ingested.map((file) => file.blob.discard()));
      const earlier = fields.requestKey && isUniqueViolation(error) ? await repository.findMessageByRequestKey(id, side, fields.requestKey) : undefined;
      if (earlier) return this.messageView(userId, id, earlier.id);
      throw error;
    }
    await this.claimAndNotify(id, { to: otherSide(side), kind: "message" });
    return this.messageView(userId, id, messageId);
  }

  /** The lawyer ends the thread with a summary; the same summary sent again (a retry) answers the closed thread. */
  async close(userId: number, id: number, summary: string): Promise<ConsultationDetail> {
    const { thread, side } = await this.requireParty(userId, id);
    if (side !== "lawyer") throw new BusinessError(LawyerServiceCode.wrongSide, CONSULTATION_MESSAGES.lawyerOnly);
    if (thread.state === "closed" && thread.summary === summary) return this.detail(userId, id);
    requireEdge(thread.state, "close");
    const isClosed = await durableTransaction(this.deps.db, (trx) => this.deps.repository.close(trx, id, summary, this.deps.now()));
    if (!isClosed) throw stateRefusal(new ConsultationStateError("closed", "close"));
    await this.claimAndNotify(id, { to: "user", kind: "closed" });
    return this.detail(userId, id);
  }

  /** An attachment's bytes, for either party of its thread. */
  async attachment(userId: number, attachmentId: number): Promise<{ body: Readable; name: string; contentType: string; size: number }> {
    const row = await this.deps.repository.findAttachment(attachmentId);
    const thread = row && (await this.deps.repository.find(row.consultation_id));
    if (!row || !thread || !sideOf(thread, userId)) throw new BusinessError(ResultCode.notFound, CONSULTATION_MESSAGES.attachmentNotFound);
    const body = await this.deps.blobs.open(row.sha256);
    if (!body) throw new BusinessError(ResultCode.notFound, CONSULTATION_MESSAGES.attachmentNotFound);
    return { body, name: row.file_name, contentType: row.content_type, size: row.size };
  }

  // ---- helpers ----

  /** The thread and the caller's side in it; "not found" for anybody else, as for a thread that does not exist. */
  private async requireParty(userId: number, id: number): Promise<{ thread: ThreadRow; side: ConsultationSide }> {
    const thread = await this.deps.repository.find(id);
    const side = thread ? sideOf(thread, userId) : null;
    if (!thread || !side) throw new BusinessError(ResultCode.notFound, CONSULTATION_MESSAGES.notFound);
    return { thread, side };
  }

  private async messageView(userId: number, id: number, messageId: number): Promise<ConsultationMessage> {
    const { thread, side } = await this.requireParty(userId, id);
    const [parties, { messages, attachments }] = await Promise.all([this.partiesOf([thread]), this.deps.repository.messagesOf(id, [messageId])]);
    return toMessages(thread, side, parties(thread), messages, attachments)[0];
  }

  /** Each thread's parties by name: the asker's account and the lawyer's profile. */
  private async partiesOf(threads: readonly ThreadRow[]): Promise<(thread: ThreadRow) => ThreadParties> {
    const userIds = [...new Set(threads.map((thread) => thread.user_id))];
    const [users, lawyers] = await Promise.all([Promise.all(userIds.map((userId) => this.deps.accounts.findUser(userId))), this.deps.lawyers.rowsOf(threads.map((thread) => thread.lawyer_id))]);
    const names = new Map(userIds.map((userId, index) => [userId, askerNameOf(users[index])]));
    return (thread) => ({ userName: names.get(thread.user_id)!, lawyer: lawyers.get(thread.lawyer_id)! });
  }

  private async requireOwnStoredEvidence(userId: number, ids: readonly number[]): Promise<EvidenceRecord[]> {
    const records = await Promise.all(ids.map((evidenceId) => this.deps.evidence.getForHolder(userId, evidenceId)));
    if (records.some((record) => !record)) throw fieldRefusal("evidenceIds", CONSULTATION_MESSAGES.evidenceNotYours);
    const found = records as EvidenceRecord[];
    if (found.some((record) => record.status !== "stored")) throw fieldRefusal("evidenceIds", CONSULTATION_MESSAGES.evidenceNotStored);
    return found;
  }

  /** Tells `notice.to` of news unless they were told within the interval; a notice that cannot be sent is logged. */
  private async claimAndNotify(id: number, notice: Notice): Promise<void> {
    const { repository, now } = this.deps;
    const isClaimed = await durableTransaction(this.deps.db, (trx: Transaction<Database>) => repository.claimNotice(trx, id, notice.to, now(), CONSULTATION_NOTICE_INTERVAL_MS));
    if (!isClaimed) return;
    const thread = (await repository.find(id))!;
    const recipientId = thread[SIDE_COLUMNS[notice.to].party];
    await sendAccountNotice(this.deps.notifier, this.deps.log, await this.deps.accounts.findUser(recipientId), consultationNotice(notice.kind, notice.to, thread.title), "律师咨询新消息通知发送失败");
  }
}

function requireEdge(state: string, action: ConsultationAction): void {
  try {
    CONSULTATION_LIFECYCLE.edge(state as ConsultationState, action);
  } catch (error) {
    if (error instanceof ConsultationStateError) throw stateRefusal(error);
    throw error;
  }
}

const stateRefusal = (error: Error) => new BusinessError(LawyerServiceCode.stateRefused, error.message);
const fieldRefusal = (field: string, message: string) => uploadRefusal(message, field);

function linkedRowOf(consultationId: number, position: number, record: EvidenceRecord) {
  return { consultation_id: consultationId, position, ...frozenEvidenceColumns(record) };
}

function attachmentRowOf(consultationId: number, messageId: number, file: IngestedFile, sha256: string, time: number) {
  return { consultation_id: consultationId, message_id: messageId, file_name: file.fileName, content_type: attachmentContentType(file.fileName), size: file.size, sha256, created_at: time };
}
