import type { Kysely } from "kysely";
import { INVOICE_MESSAGES, invoiceStateRefusal, type InvoiceAction, type InvoiceState } from "../../../src/schema/invoice.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import { requireTransition } from "./invoice-applications.service.js";
import type { ApplicationRow, InvoiceRepository } from "./invoice.repository.js";

/**
 * Finance's moves on an application, made inside the console's audited transaction (`trx`), so
 * the decision and its audit record commit together. Each re-reads the application in the
 * transaction and moves it only from the state the machine allows; the issuer's step follows
 * after the commit (invoice-issuing.ts).
 */
export class InvoiceDecisions {
  constructor(private readonly deps: { repository: InvoiceRepository; now: () => number }) {}

  /** 待审核 → 开票中. Answers the application as it was. */
  approve(trx: Kysely<Database>, id: number, operatorAccount: string): Promise<ApplicationRow> {
    return this.decide(trx, id, "approve", { decided_at: this.deps.now(), decided_by: operatorAccount });
  }

  /** 待审核 → 已驳回 with the reason the customer reads; the orders are free again. */
  async reject(trx: Kysely<Database>, id: number, reason: string, operatorAccount: string): Promise<ApplicationRow> {
    const before = await this.decide(trx, id, "reject", { decided_at: this.deps.now(), decided_by: operatorAccount, reject_reason: reason });
    await this.deps.repository.release(trx, id);
    return before;
  }

  /** 已开票 → 红冲中 with its reason; the orders stay held until the red invoice is issued. */
  requestReversal(trx: Kysely<Database>, id: number, reason: string): Promise<ApplicationRow> {
    return this.decide(trx, id, "reverse", { reverse_reason: reason, reverse_requested_at: this.deps.now() });
  }

  private async decide(trx: Kysely<Database>, id: number, action: InvoiceAction, set: Parameters<InvoiceRepository["move"]>[4]): Promise<ApplicationRow> {
    const { repository, now } = this.deps;
    const row = await repository.findApplication(id, undefined, trx);
    if (!row) throw new BusinessError(ResultCode.notFound, INVOICE_MESSAGES.applicationNotFound);
    requireTransition(row.state, action);
    if (!(await repository.move(trx, id, action, now(), set))) {
      // Moved by somebody else since the read: answer from the state it is in now.
      const current = (await repository.findApplication(id, undefined, trx))!;
      requireTransition(current.state, action);
      throw new BusinessError(ResultCode.validationFailed, invoiceStateRefusal(current.state as InvoiceState, action));
    }
    return row;
  }
}
