import { randomBytes } from "node:crypto";
import { buildInvoiceEntry, invoiceMetaCommitment } from "../../../src/schema/invoice-entry.js";
import type { InvoiceDirection } from "../../../src/schema/invoice.js";
import { sha256Hex } from "../../plugins/signature.js";
import { findLoggedEntry } from "../ledger/find-logged-entry.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { InvoiceRepository, IssuedInvoiceRow } from "./invoice.repository.js";

/** A fresh salt for an invoice's commitment. */
export const newLedgerSalt = () => randomBytes(32).toString("hex");

/** The exact entry text of an invoice: rebuilt from its row (and its title), so a retry appends the same bytes. */
export function invoiceEntryText(row: IssuedInvoiceRow, titleName: string): string {
  const meta = invoiceMetaCommitment(
    { salt: row.ledger_salt, invoiceNo: row.invoice_no, applicationId: row.application_id, titleName, amountFen: Number(row.amount_fen), provider: row.provider },
    sha256Hex,
  );
  return buildInvoiceEntry({ direction: row.direction as InvoiceDirection, sha256: row.file_sha256, time: Number(row.issued_at), meta }).text;
}

/**
 * Appends each issued invoice's digest to the transparency log, exactly once. The invoice row
 * commits first with the ledger's size at that moment; the append and the recorded index follow.
 * A crash (or a failed append) in between leaves a row without an index, which `settle` repairs:
 * it looks for the entry from the noted size on and appends it only when it is not there.
 */
export class InvoiceLedger {
  constructor(private readonly deps: { ledger: LedgerPort; repository: InvoiceRepository; log: { warn(details: object, message: string): void } }) {}

  /** Read before the invoice's transaction: on SQLite the ledger cannot be read inside another one. */
  async size(): Promise<number> {
    return (await this.deps.ledger.latestCheckpoint())?.treeSize ?? 0;
  }

  /** A failed append is not the failure: the invoice stands and settle() appends it later. */
  async append(row: IssuedInvoiceRow, titleName: string): Promise<void> {
    try {
      const receipt = await this.deps.ledger.append(Buffer.from(invoiceEntryText(row, titleName), "utf8"));
      await this.deps.repository.recordLedger(row.id, receipt);
    } catch (error) {
      this.deps.log.warn({ err: error, invoiceId: row.id }, "invoice: ledger append failed; housekeeping appends it");
    }
  }

  /** Invoices committed before `before` without a recorded entry: found in the log, or appended. */
  async settle(before: number): Promise<number> {
    const { repository, ledger } = this.deps;
    const rows = await repository.unlogged(before);
    for (const row of rows) {
      const application = await repository.findApplication(row.application_id);
      if (!application) continue;
      const text = invoiceEntryText(row, application.title_name);
      const found = await findLoggedEntry(ledger, Buffer.from(text, "utf8"), Number(row.ledger_size_hint));
      if (found !== null) await repository.recordLedger(row.id, { index: found, blockHeight: await ledger.blockHeightOf(found) });
      else await this.append(row, application.title_name);
    }
    return rows.length;
  }
}
