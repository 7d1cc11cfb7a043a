import type { Kysely } from "kysely";
import { issuerRefusal, type InvoiceDirection, type InvoiceKind, type TitleKind } from "../../../src/schema/invoice.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import type { InvoiceProvider, InvoiceRequest } from "./invoice-provider.js";
import { newLedgerSalt, type InvoiceLedger } from "./invoice-ledger.js";
import type { ApplicationRow, InvoiceRepository } from "./invoice.repository.js";

/** An application the issuer has not finished is asked about again after this long (housekeeping). */
export const ISSUER_RETRY_AFTER_MS = 5 * 60_000;

/** What the issuer's step came to: done, still with the issuer, refused (with its words), or not reached. */
export type IssuerStep = { status: "issued" | "pending" | "unreachable" | "skipped" } | { status: "refused"; reason: string };

export type InvoiceIssuingDependencies = {
  db: Kysely<Database>;
  repository: InvoiceRepository;
  /** Null: the installation has no issuer (INVOICE_PROVIDER); nothing is issued. */
  provider: InvoiceProvider | null;
  blobs: Pick<BlobStore, "put">;
  ledger: InvoiceLedger;
  now: () => number;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
};

/**
 * The issuer's half of the machine (src/schema/invoice.ts): an application finance approved
 * (issuing) gets its blue invoice, one finance red-reverses (reversing) its red one. Each step asks
 * the issuer with a request number of its own (idempotent at the issuer), stores the PDF under its
 * SHA-256, then in one transaction records the invoice (one per application and direction, by a
 * unique constraint) and moves the state; the digest goes to the ledger after. Whatever a crash
 * interrupts, asking again completes it: the issuer answers the same invoice, the blob is already
 * there, the insert finds its row, the ledger entry is found or appended (InvoiceLedger.settle).
 */
export class InvoiceIssuing {
  /** One step per application at a time in this process; across processes the constraints decide. */
  private readonly inFlight = new Map<number, Promise<IssuerStep>>();

  constructor(private readonly deps: InvoiceIssuingDependencies) {}

  get hasProvider(): boolean {
    return this.deps.provider !== null;
  }

  /** The blue invoice of an application in state issuing. */
  issue(applicationId: number): Promise<IssuerStep> {
    return this.once(applicationId, () => this.step(applicationId, "blue"));
  }

  /** The red invoice of an application in state reversing. */
  reverse(applicationId: number): Promise<IssuerStep> {
    return this.once(applicationId, () => this.step(applicationId, "red"));
  }

  /** Housekeeping: applications the issuer has not finished, and invoices whose ledger entry is not recorded. */
  async resume(): Promise<number> {
    const before = this.deps.now() - ISSUER_RETRY_AFTER_MS;
    const waiting = await this.deps.repository.awaitingIssuer(before);
    for (const row of waiting) await (row.state === "issuing" ? this.issue(row.id) : this.reverse(row.id));
    return waiting.length + (await this.deps.ledger.settle(before));
  }

  private once(applicationId: number, work: () => Promise<IssuerStep>): Promise<IssuerStep> {
    const running = this.inFlight.get(applicationId);
    if (running) return running;
    const step = work().finally(() => this.inFlight.delete(applicationId));
    this.inFlight.set(applicationId, step);
    return step;
  }

  private async step(applicationId: number, direction: InvoiceDirection): Promise<IssuerStep> {
    const { repository, provider, now, log } = this.deps;
    const expected = direction === "blue" ? "issuing" : "reversing";
    const row = await repository.findApplication(applicationId);
    if (!row || row.state !== expected || !provider) return { status: "skipped" };
    const request = await this.requestOf(row, direction);
    if (!request) return { status: "skipped" };

    let outcome;
    try {
      outcome = await provider.issue(request);
    } catch (error) {
      log.warn({ err: error, applicationId, direction }, "invoice: the issuer could not be reached; housekeeping asks again");
      return { status: "unreachable" };
    }
    if (outcome.status === "pending") return { status: "pending" };
    if (outcome.status === "refused") {
      await durableTransaction(this.deps.db, async (trx) => {
        if (direction === "red") {
          // The blue invoice stands; the request to reverse it is over.
          await repository.move(trx, applicationId, "refuseReversal", now(), { reverse_reason: null, reverse_requested_at: null });
        } else if (await repository.move(trx, applicationId, "refuse", now(), { reject_reason: issuerRefusal(outcome.reason) })) {
          await repository.release(trx, applicationId);
        }
      });
      log.warn({ applicationId, direction, reason: outcome.reason }, "invoice: the issuer refused");
      return { status: "refused", reason: outcome.reason };
    }

    const fileSha256 = await this.deps.blobs.put(outcome.pdf);
    const ledgerSizeHint = await this.deps.ledger.size();
    const invoiceId = await durableTransaction(this.deps.db, async (trx) => {
      const inserted = await repository.insertInvoice(trx, {
        application_id: applicationId,
        user_id: row.user_id,
        direction,
        invoice_no: outcome.invoiceNo,
        provider: provider.key,
        amount_fen: direction === "blue" ? Number(row.amount_fen) : -Number(row.amount_fen),
        issued_at: outcome.issuedAt,
        file_sha256: fileSha256,
        ledger_salt: newLedgerSalt(),
        ledger_size_hint: ledgerSizeHint,
        ledger_index: null,
        ledger_block: null,
        created_at: now(),
      });
      const moved = await repository.move(trx, applicationId, direction === "blue" ? "issue" : "completeReversal", now());
      // Another process finished this step first: its invoice stands and ours was never inserted.
      if (!moved && inserted === null) return null;
      if (!moved) throw new Error(`invoice: application ${applicationId} left ${expected} while its invoice was recorded`);
      if (direction === "red") await repository.release(trx, applicationId);
      return inserted;
    });
    if (invoiceId !== null) {
      const invoice = await repository.findInvoice(invoiceId);
      if (invoice) await this.deps.ledger.append(invoice, row.title_name);
    }
    return { status: "issued" };
  }

  private async requestOf(row: ApplicationRow, direction: InvoiceDirection): Promise<InvoiceRequest | null> {
    const { repository, log } = this.deps;
    let original: InvoiceRequest["original"];
    if (direction === "red") {
      const blue = await repository.findInvoiceOf(row.id, "blue");
      if (!blue) {
        log.error({ applicationId: row.id }, "invoice: an application being reversed has no blue invoice");
        return null;
      }
      original = { invoiceNo: blue.invoice_no, reason: row.reverse_reason ?? "" };
    }
    const links = await repository.linksOf([row.id]);
    return {
      requestNo: `invoice-${row.id}-${direction}`,
      applicationId: row.id,
      direction,
      kind: row.invoice_kind as InvoiceKind,
      buyer: {
        titleKind: row.title_kind as TitleKind,
        name: row.title_name,
        taxpayerId: row.taxpayer_id,
        registeredAddress: row.registered_address,
        registeredPhone: row.registered_phone,
        bankName: row.bank_name,
        bankAccount: row.bank_account,
      },
      amountFen: Number(row.amount_fen),
      orderNos: links.map((link) => link.merchant_order_no),
      email: row.email,
      mailingAddress: row.mailing_address,
      ...(original ? { original } : {}),
    };
  }
}
