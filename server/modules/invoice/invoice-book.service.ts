import { ResultCode } from "../../../src/schema/envelope.js";
import {
  ADDRESSES_PER_ACCOUNT,
  INVOICE_MESSAGES,
  TITLES_PER_ACCOUNT,
  titleFieldsToKeep,
  type InvoiceAddress,
  type InvoiceTitle,
  type SaveAddress,
  type SaveTitle,
} from "../../../src/schema/invoice.js";
import { pageOf, type PageP, type PageQuery } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import type { InvoiceBookRepository } from "./invoice-book.repository.js";
import { toAddress, toTitle } from "./invoice-views.js";

const notFound = (message: string) => new BusinessError(ResultCode.notFound, message);
const limitReached = (message: string) => new BusinessError(ResultCode.validationFailed, message);

/**
 * A main account's invoice titles (发票信息) and mailing addresses (收件地址). The caller has
 * already checked it is a main account (invoice-customer.ts); every row is looked up under it.
 */
export class InvoiceBook {
  constructor(private readonly deps: { repository: InvoiceBookRepository; now: () => number }) {}

  async titles(userId: number, { pageNumber, pageSize }: PageQuery): Promise<PageP<InvoiceTitle>> {
    const { rows, total } = await this.deps.repository.page("invoice_titles", userId, pageSize, (pageNumber - 1) * pageSize);
    return pageOf(rows.map(toTitle), total, pageNumber, pageSize);
  }

  async title(userId: number, id: number): Promise<InvoiceTitle> {
    const row = await this.deps.repository.findTitle(userId, id);
    if (!row) throw notFound(INVOICE_MESSAGES.titleNotFound);
    return toTitle(row);
  }

  async saveTitle(userId: number, input: SaveTitle): Promise<InvoiceTitle> {
    const { id, kind, name, taxpayerId, registeredAddress, registeredPhone, bankName, bankAccount } = titleFieldsToKeep(input);
    const fields = {
      kind,
      name,
      taxpayer_id: taxpayerId ?? null,
      registered_address: registeredAddress ?? null,
      registered_phone: registeredPhone ?? null,
      bank_name: bankName ?? null,
      bank_account: bankAccount ?? null,
    };
    const { repository, now } = this.deps;
    if (id !== undefined) {
      if (!(await repository.updateTitle(userId, id, fields, now()))) throw notFound(INVOICE_MESSAGES.titleNotFound);
      return this.title(userId, id);
    }
    if ((await repository.count("invoice_titles", userId)) >= TITLES_PER_ACCOUNT) throw limitReached(INVOICE_MESSAGES.titleLimit);
    return this.title(userId, await repository.insertTitle(userId, fields, now()));
  }

  /** Applications keep a copy of the title they used, so deleting it changes none of them. */
  async deleteTitle(userId: number, id: number): Promise<void> {
    if (!(await this.deps.repository.delete("invoice_titles", userId, id))) throw notFound(INVOICE_MESSAGES.titleNotFound);
  }

  async addresses(userId: number, { pageNumber, pageSize }: PageQuery): Promise<PageP<InvoiceAddress>> {
    const { rows, total } = await this.deps.repository.page("invoice_addresses", userId, pageSize, (pageNumber - 1) * pageSize);
    return pageOf(rows.map(toAddress), total, pageNumber, pageSize);
  }

  async address(userId: number, id: number): Promise<InvoiceAddress> {
    const row = await this.deps.repository.findAddress(userId, id);
    if (!row) throw notFound(INVOICE_MESSAGES.addressNotFound);
    return toAddress(row);
  }

  async saveAddress(userId: number, { id, recipient, mobile, province, city, district, detail }: SaveAddress): Promise<InvoiceAddress> {
    const fields = { recipient, mobile, province, city, district, detail };
    const { repository, now } = this.deps;
    if (id !== undefined) {
      if (!(await repository.updateAddress(userId, id, fields, now()))) throw notFound(INVOICE_MESSAGES.addressNotFound);
      return this.address(userId, id);
    }
    if ((await repository.count("invoice_addresses", userId)) >= ADDRESSES_PER_ACCOUNT) throw limitReached(INVOICE_MESSAGES.addressLimit);
    return this.address(userId, await repository.insertAddress(userId, fields, now()));
  }

  async deleteAddress(userId: number, id: number): Promise<void> {
    if (!(await this.deps.repository.delete("invoice_addresses", userId, id))) throw notFound(INVOICE_MESSAGES.addressNotFound);
  }
}
