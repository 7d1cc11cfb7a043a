import { ResultCode } from "../../../../src/schema/envelope.js";
import {
  INVOICE_APPLICATION_TARGET,
  INVOICE_AUDIT_ACTIONS,
  INVOICE_MESSAGES,
  reversalRefusal,
  type ConsoleApplication,
  type ConsoleApplicationListQuery,
  type ConsoleApplicationRow,
} from "../../../../src/schema/invoice.js";
import { formatYuanWithCents } from "../../../../src/schema/money.js";
import type { PageP } from "../../../../src/schema/paging.js";
import { BusinessError } from "../../../http/envelope.js";
import type { AccountRecords } from "../../account/account-records.service.js";
import type { UserRow } from "../../account/user.repository.js";
import { dayRange, requireTransition } from "../../invoice/invoice-applications.service.js";
import type { InvoiceServices } from "../../invoice/invoice.module.js";
import type { ApplicationRow } from "../../invoice/invoice.repository.js";
import { toApplication } from "../../invoice/invoice-views.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";

export type InvoiceReviewDependencies = {
  invoices: InvoiceServices;
  accounts: Pick<AccountRecords, "findUser" | "findByAccount">;
  audit: Pick<AuditTrail, "perform">;
};

/**
 * Finance's review of invoice applications (issue 14): the queue, one application, and the three
 * decisions: approve (then the issuer issues), reject with a reason, red-reverse an issued invoice
 * with a reason (then the issuer issues the red one). Each decision is an audited operator action
 * whose move commits with its audit record; the issuer's step follows the commit, and calling
 * approve or reverse again on an application still with the issuer asks the issuer again.
 */
export class InvoiceReviewService {
  constructor(private readonly deps: InvoiceReviewDependencies) {}

  async list(query: ConsoleApplicationListQuery): Promise<PageP<ConsoleApplicationRow>> {
    const { pageNumber, pageSize, keyword } = query;
    const named = keyword ? await this.deps.accounts.findByAccount(keyword.toLowerCase()) : undefined;
    const { rows, total } = await this.deps.invoices.applications.queue(
      { state: query.state, ...dayRange(query), ...(keyword ? { titleOrUsers: { text: keyword, userIds: named ? [named.id] : [] } } : {}) },
      { limit: pageSize, offset: (pageNumber - 1) * pageSize },
    );
    const accounts = await this.accountsOf(rows.map((row) => row.userId));
    return {
      list: rows.map(({ userId, ...row }) => ({ ...row, account: accounts.get(userId)! })),
      pageNumber,
      pageSize,
      totalPage: Math.ceil(total / pageSize),
      totalRow: total,
    };
  }

  async one(id: number): Promise<ConsoleApplication> {
    const [row, links, invoices] = await this.deps.invoices.applications.load(id);
    const user = await this.deps.accounts.findUser(row.user_id);
    return { ...toApplication(row, links, invoices, "finance"), account: accountOf(user, row.user_id), userId: row.user_id, decidedBy: row.decided_by };
  }

  async approve(operator: ActingOperator, id: number): Promise<ConsoleApplication> {
    const { invoices, audit } = this.deps;
    const [row] = await invoices.applications.load(id);
    if (!invoices.issuing.hasProvider) throw new BusinessError(ResultCode.validationFailed, INVOICE_MESSAGES.noProvider);
    if (row.state !== "issuing") {
      await audit.perform({ operator, action: INVOICE_AUDIT_ACTIONS.approve, target: targetOf(row) }, async (trx) => {
        await invoices.decisions.approve(trx, id, operator.account);
        return { result: undefined, before: { state: row.state }, after: { state: "issuing" } };
      });
    }
    // A refusal by the issuer leaves the application rejected with the issuer's words: the answer shows it.
    await invoices.issuing.issue(id);
    return this.one(id);
  }

  async reject(operator: ActingOperator, id: number, reason: string): Promise<ConsoleApplication> {
    const { invoices, audit } = this.deps;
    const [row] = await invoices.applications.load(id);
    await audit.perform({ operator, action: INVOICE_AUDIT_ACTIONS.reject, target: targetOf(row), reason }, async (trx) => {
      await invoices.decisions.reject(trx, id, reason, operator.account);
      return { result: undefined, before: { state: row.state }, after: { state: "rejected" } };
    });
    return this.one(id);
  }

  async reverse(operator: ActingOperator, id: number, reason: string): Promise<ConsoleApplication> {
    const { invoices, audit } = this.deps;
    const [row] = await invoices.applications.load(id);
    if (!invoices.issuing.hasProvider) throw new BusinessError(ResultCode.validationFailed, INVOICE_MESSAGES.noProvider);
    if (row.state !== "reversing") {
      requireTransition(row.state, "reverse");
      await audit.perform({ operator, action: INVOICE_AUDIT_ACTIONS.reverse, target: targetOf(row), reason }, async (trx) => {
        await invoices.decisions.requestReversal(trx, id, reason);
        return { result: undefined, before: { state: row.state }, after: { state: "reversing" } };
      });
    }
    const step = await invoices.issuing.reverse(id);
    if (step.status === "refused") throw new BusinessError(ResultCode.validationFailed, reversalRefusal(step.reason));
    return this.one(id);
  }

  private async accountsOf(userIds: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(userIds)];
    const users = await Promise.all(unique.map((userId) => this.deps.accounts.findUser(userId)));
    return new Map(unique.map((userId, index) => [userId, accountOf(users[index], userId)]));
  }
}

function targetOf(row: ApplicationRow) {
  return { type: INVOICE_APPLICATION_TARGET, id: String(row.id), label: `${row.title_name} ${formatYuanWithCents(Number(row.amount_fen))} 元` };
}

/** How the console names a customer: the login account, else the phone or e-mail it was registered with. */
function accountOf(user: UserRow | undefined, userId: number): string {
  return user?.login_account ?? user?.mobile ?? user?.mail ?? `用户 ${userId}`;
}
