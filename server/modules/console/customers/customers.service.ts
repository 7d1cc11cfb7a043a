import { CERTIFICATE_NO_PATTERN, normaliseCertificateNo } from "../../../../src/schema/certificate-no.js";
import {
  CUSTOMER_CHILDREN_SHOWN,
  CUSTOMER_LOGINS_SHOWN,
  CUSTOMER_MESSAGES,
  type CustomerDetail,
  type CustomerEvidenceStats,
  type CustomerSearchQuery,
  type CustomerStatusChange,
  type CustomerSummary,
  type CustomerVerification,
  verificationStateOf,
} from "../../../../src/schema/console/customers.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { LoginHistory } from "../../account/login-history.js";
import type { SubAccounts } from "../../account/sub-accounts.service.js";
import type { UserRow } from "../../account/user.repository.js";
import type { EvidenceService } from "../../evidence/evidence.service.js";
import { holderNameOf } from "../../evidence/holder-name.js";
import type { IdentityService } from "../../personal/identity.service.js";
import type { SessionService } from "../../session/session.service.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";
import { customerTarget as targetOf, loginAccountOf, statusFacts, toCustomerChild, toCustomerLogin, toCustomerProfile, toCustomerSession, toCustomerSummary } from "./customer-view.js";

/** The other modules' services the customer lookup reads and changes accounts through (DESIGN.md §8). */
export type CustomerDependencies = {
  accounts: Pick<AccountRecords, "findUser" | "search" | "changePlatformHold">;
  subAccounts: Pick<SubAccounts, "page" | "idsOf" | "nameOf">;
  history: Pick<LoginHistory, "newestOf">;
  sessions: Pick<SessionService, "listLive" | "endOne" | "endAllOf" | "forgetEnded">;
  identity: Pick<IdentityService, "getRealNameInfo" | "getEnterpriseInfo">;
  evidence: Pick<EvidenceService, "findByCertificateNo" | "holderStats">;
  audit: Pick<AuditTrail, "perform">;
};

const CUSTOMER_SESSIONS = "user";

/**
 * The console's customer lookup (issue 13). Reads go straight to the owning modules' services;
 * every change runs through the audit trail, its writes in the audit's transaction, so the change,
 * its audit record and (after the commit) its ledger entry stand or fall together. Inside that
 * transaction only `trx` is used: SQLite has one connection, and a query beside the transaction
 * would wait for it for ever.
 */
export class CustomerService {
  constructor(private readonly deps: CustomerDependencies) {}

  async search(query: CustomerSearchQuery): Promise<PageP<CustomerSummary>> {
    const { keyword, status, pageNumber, pageSize } = query;
    const alsoIds = keyword ? await this.holderOfCertificate(keyword) : [];
    const { rows, total } = await this.deps.accounts.search({ keyword, status, alsoIds }, (pageNumber - 1) * pageSize, pageSize);
    return { list: rows.map(toCustomerSummary), pageNumber, pageSize, totalPage: Math.ceil(total / pageSize), totalRow: total };
  }

  async detail(userId: number): Promise<CustomerDetail> {
    const user = await this.requireCustomer(userId);
    const subject = String(userId);
    const [verification, parent, children, sessions, evidence, logins] = await Promise.all([
      this.verificationOf(userId),
      this.parentOf(user),
      this.deps.subAccounts.page(userId, {}, 0, CUSTOMER_CHILDREN_SHOWN),
      this.deps.sessions.listLive(subject, CUSTOMER_SESSIONS),
      this.evidenceOf(userId),
      this.deps.history.newestOf(userId, CUSTOMER_LOGINS_SHOWN),
    ]);
    return {
      profile: toCustomerProfile(user),
      verification,
      parent,
      children: { list: children.rows.map(toCustomerChild), total: children.total },
      sessions: sessions.map(toCustomerSession),
      evidence,
      logins: logins.map(toCustomerLogin),
    };
  }

  /** Ends one live session of the account; its next call answers 3013. */
  async endSession(operator: ActingOperator, userId: number, sessionRef: string): Promise<{ endedSessions: number }> {
    const user = await this.requireCustomer(userId);
    const live = (await this.deps.sessions.listLive(String(userId), CUSTOMER_SESSIONS)).length;
    const ended = await this.deps.audit.perform({ operator, action: "customer.endSession", target: targetOf(user) }, async (trx) => {
      if (!(await this.deps.sessions.endOne(String(userId), CUSTOMER_SESSIONS, sessionRef, "ended-by-operator", trx))) {
        throw new BusinessError(ResultCode.notFound, CUSTOMER_MESSAGES.sessionNotFound);
      }
      return { result: { endedSessions: 1 }, before: { liveSessions: live, sessionRef }, after: { liveSessions: live - 1 } };
    });
    await this.deps.sessions.forgetEnded([String(userId)], CUSTOMER_SESSIONS);
    return ended;
  }

  /** Signs the account out everywhere. */
  async endAllSessions(operator: ActingOperator, userId: number): Promise<{ endedSessions: number }> {
    const user = await this.requireCustomer(userId);
    const ended = await this.deps.audit.perform({ operator, action: "customer.endAllSessions", target: targetOf(user) }, async (trx) => {
      const endedSessions = await this.deps.sessions.endAllOf(String(userId), CUSTOMER_SESSIONS, "ended-by-operator", trx);
      return { result: { endedSessions }, before: { liveSessions: endedSessions }, after: { liveSessions: 0 } };
    });
    await this.deps.sessions.forgetEnded([String(userId)], CUSTOMER_SESSIONS);
    return ended;
  }

  /**
   * The platform's hold on the account: it can no longer log in, and its sessions and those of its
   * sub-accounts (which cannot log in either while it is held) end at once. Its evidence is not touched.
   */
  async disable(operator: ActingOperator, userId: number, reason: string): Promise<CustomerStatusChange> {
    const user = await this.requireCustomer(userId);
    const children = await this.deps.subAccounts.idsOf(userId);
    const subjects = [userId, ...children];
    const outcome = await this.deps.audit.perform({ operator, action: "customer.disable", target: targetOf(user), reason }, async (trx) => {
      const change = await this.deps.accounts.changePlatformHold(userId, "disable", trx);
      if (!change) throw notFound();
      if (!change.after) throw new BusinessError(ResultCode.validationFailed, change.before.status === "cancelled" ? CUSTOMER_MESSAGES.cancelled : CUSTOMER_MESSAGES.alreadyDisabled);
      let endedSessions = 0;
      for (const subject of subjects) endedSessions += await this.deps.sessions.endAllOf(String(subject), CUSTOMER_SESSIONS, "account-disabled", trx);
      const after = statusFacts(change.after);
      return { result: { ...after, endedSessions }, before: statusFacts(change.before), after: { ...after, endedSessions } };
    });
    await this.deps.sessions.forgetEnded(subjects.map(String), CUSTOMER_SESSIONS);
    return outcome;
  }

  /** Lifts the platform's hold; a main account's hold on its sub-account stays. */
  async enable(operator: ActingOperator, userId: number, reason: string): Promise<CustomerStatusChange> {
    const user = await this.requireCustomer(userId);
    return this.deps.audit.perform({ operator, action: "customer.enable", target: targetOf(user), reason }, async (trx) => {
      const change = await this.deps.accounts.changePlatformHold(userId, "enable", trx);
      if (!change) throw notFound();
      if (!change.after) throw new BusinessError(ResultCode.validationFailed, CUSTOMER_MESSAGES.notDisabledByPlatform);
      const after = statusFacts(change.after);
      return { result: { ...after, endedSessions: 0 }, before: statusFacts(change.before), after };
    });
  }

  private async requireCustomer(userId: number): Promise<UserRow> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw notFound();
    return user;
  }

  /** A keyword that reads as a certificate number finds the certificate's holder (exact number only). */
  private async holderOfCertificate(keyword: string): Promise<number[]> {
    const certificateNo = normaliseCertificateNo(keyword);
    if (!CERTIFICATE_NO_PATTERN.test(certificateNo)) return [];
    const record = await this.deps.evidence.findByCertificateNo(certificateNo);
    return record ? [record.holderUserId] : [];
  }

  private async verificationOf(userId: number): Promise<CustomerVerification> {
    const [person, organisation] = await Promise.all([this.deps.identity.getRealNameInfo(userId), this.deps.identity.getEnterpriseInfo(userId)]);
    const decision = (info: { status: number; submitTime: string | null; decideTime: string | null; rejectReason: string | null }) => ({
      state: verificationStateOf(info.status),
      submitTime: info.submitTime,
      decideTime: info.decideTime,
      rejectReason: info.rejectReason,
    });
    return {
      realName: { ...decision(person), name: person.realName, idNumberMasked: person.idNumberMasked },
      enterprise: { ...decision(organisation), name: organisation.enterpriseName, certificateNumber: organisation.certificateNumber },
    };
  }

  private async parentOf(user: UserRow): Promise<CustomerDetail["parent"]> {
    if (user.parent_id === null) return null;
    const [parent, childName] = await Promise.all([this.deps.accounts.findUser(user.parent_id), this.deps.subAccounts.nameOf(user.id)]);
    return parent ? { id: parent.id, loginAccount: loginAccountOf(parent), displayName: holderNameOf(parent), childName } : null;
  }

  private async evidenceOf(userId: number): Promise<CustomerEvidenceStats> {
    const kinds = await this.deps.evidence.holderStats(userId);
    return {
      kinds,
      totalCount: kinds.reduce((sum, kind) => sum + kind.count, 0),
      totalBytes: kinds.reduce((sum, kind) => sum + kind.bytes, 0),
    };
  }
}

const notFound = () => new BusinessError(ResultCode.notFound, CUSTOMER_MESSAGES.notFound);
