import { VerificationStatus } from "../../../src/schema/account.js";
import {
  CONSULTATION_LIFECYCLE,
  CONSULTATION_TRANSITIONS,
  type ConsultationAction,
  type ConsultationAttachment,
  type ConsultationMessage,
  type ConsultationRow,
  type ConsultationSide,
  type ConsultationState,
  type LinkedEvidence,
} from "../../../src/schema/lawyer-service.js";
import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import { maskAccount, parseAccount } from "../account/account-identifier.js";
import type { UserRow } from "../account/user.repository.js";
import type { ConsultationAttachmentRow, ConsultationEvidenceRow, ConsultationListRow, ConsultationMessageRow, ConsultationRow as ThreadRow } from "./consultation.repository.js";
import { SIDE_COLUMNS } from "./consultation.repository.js";
import type { LawyerProfileRow } from "./lawyer-profile.repository.js";

/** How the lawyer service shows threads: rows in, API objects out. */

/** The side `userId` is on in a thread, or null when it is no party to it. */
export function sideOf(row: Pick<ThreadRow, "user_id" | "lawyer_id">, userId: number): ConsultationSide | null {
  if (row.user_id === userId) return "user";
  return row.lawyer_id === userId ? "lawyer" : null;
}

/**
 * The asker as the lawyer sees them: the verified real name, else the account masked (enough to
 * recognise, not to copy: the lawyer contacts them through the thread).
 */
export function askerNameOf(user: Pick<UserRow, "id" | "real_name" | "real_name_status" | "login_account" | "mobile" | "mail"> | undefined): string {
  if (!user) return "已注销用户";
  if (user.real_name_status === VerificationStatus.verified && user.real_name) return user.real_name;
  const account = parseAccount(user.login_account ?? user.mobile ?? user.mail ?? "");
  return account ? maskAccount(account) : `用户${user.id}`;
}

export type ThreadParties = { userName: string; lawyer: LawyerProfileRow };

export function toConsultationRow(row: ThreadRow, side: ConsultationSide, parties: ThreadParties, counts: { unread: number; evidence: number }): ConsultationRow {
  return {
    id: row.id,
    title: row.title,
    state: row.state as ConsultationState,
    lawyerName: parties.lawyer.display_name,
    lawFirm: parties.lawyer.law_firm,
    userName: parties.userName,
    evidenceCount: counts.evidence,
    unreadCount: counts.unread,
    lastMessageTime: row.last_message_at,
    createTime: row.created_at,
    side,
  };
}

export const listCounts = (row: ConsultationListRow) => ({ unread: row.unread_count, evidence: row.evidence_count });

export function toLinkedEvidence(row: ConsultationEvidenceRow): LinkedEvidence {
  return {
    evidenceId: row.evidence_id,
    kind: row.kind as EvidenceKind,
    name: row.name,
    certificateNo: row.certificate_no,
    sha256: row.sha256,
    sm3: row.sm3,
    size: row.size,
    storeTime: row.stored_at,
    ledgerIndex: row.ledger_index,
  };
}

export function toAttachment(row: ConsultationAttachmentRow): ConsultationAttachment {
  return { id: row.id, fileName: row.file_name, size: row.size, sha256: row.sha256, contentType: row.content_type };
}

/** Messages as `side` reads them: its own are read once the other side's mark has passed them. */
export function toMessages(thread: ThreadRow, side: ConsultationSide, parties: ThreadParties, messages: ConsultationMessageRow[], attachments: ConsultationAttachmentRow[]): ConsultationMessage[] {
  const names: Record<ConsultationSide, string> = { user: parties.userName, lawyer: parties.lawyer.display_name };
  return messages.map((message) => {
    const author = message.side as ConsultationSide;
    const isMine = author === side;
    const readerMark = thread[SIDE_COLUMNS[author === "user" ? "lawyer" : "user"].read];
    return {
      id: message.id,
      side: author,
      senderName: names[author],
      text: message.text,
      attachments: attachments.filter((attachment) => attachment.message_id === message.id).map(toAttachment),
      time: message.created_at,
      isMine,
      isRead: !isMine || readerMark >= message.id,
    };
  });
}

/** What `side` may do now: the machine's open edges that side takes. */
export function actionsOf(state: ConsultationState, side: ConsultationSide): ConsultationAction[] {
  return CONSULTATION_LIFECYCLE.actionsFrom(state).filter((action) => {
    const by = CONSULTATION_TRANSITIONS[action].by;
    return by === "party" || by === side;
  });
}
