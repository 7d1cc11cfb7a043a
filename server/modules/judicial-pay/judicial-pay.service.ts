import { ResultCode } from "../../../src/schema/envelope.js";
import {
  JUDICIAL_PAY_MESSAGES,
  JUDICIAL_PAY_SERVICES,
  JUDICIAL_PAY_STATE_NOTES,
  judicialPayStateOf,
  type JudicialPayKind,
  type JudicialPayListQuery,
  type JudicialPayState,
  type JudicialPayment,
  type JudicialPaymentDetail,
} from "../../../src/schema/judicial-pay.js";
import type { PageP } from "../../../src/schema/paging.js";
import { BusinessError } from "../../http/envelope.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { ReservationRecords, ReservationRow } from "../billing/reservation-records.js";
import type { PurchaseRecord, PurchaseRecords } from "../purchase/purchase-records.js";

/** What judicial pay asks of the appraisal module: paying a quoted fee, and naming the commission a fee belongs to. */
export interface AppraisalFeePort {
  pay(userId: number, commissionId: number, feeFen: number): Promise<{ reservation_id: number | null }>;
  findByCommissionNo(commissionNo: string): Promise<{ id: number; institutionName: string } | null>;
}

export type JudicialPayDependencies = {
  accounts: Pick<AccountRecords, "findUser">;
  reservations: Pick<ReservationRecords, "newest" | "count" | "find">;
  purchases: Pick<PurchaseRecords, "newest" | "count" | "find">;
  appraisals: AppraisalFeePort;
};

const RESERVED_KINDS = Object.keys(JUDICIAL_PAY_SERVICES) as (keyof typeof JUDICIAL_PAY_SERVICES)[];
const KIND_OF_SERVICE = new Map<string, JudicialPayKind>(RESERVED_KINDS.map((kind) => [JUDICIAL_PAY_SERVICES[kind], kind]));
/** The reservation states each payment state covers. */
const RESERVATION_STATES: Record<JudicialPayState, readonly string[]> = { held: ["reserved"], paid: ["settled"], refunded: ["released", "expired"] };
const BUNDLE = "bundle";

const notFound = () => new BusinessError(ResultCode.notFound, JUDICIAL_PAY_MESSAGES.notFound);

/**
 * Judicial pay (issue 17): one list of the account's judicial payments read from where the money
 * moved, billing's reservations of the judicial services (appraisal, notarisation) and the
 * notarisation bundles bought, newest first across both; and paying an appraisal's quoted fee.
 * Money moves only in the owning modules, each once per idempotency key.
 */
export class JudicialPayService {
  constructor(private readonly deps: JudicialPayDependencies) {}

  async payAppraisalFee(userId: number, commissionId: number, feeFen: number): Promise<JudicialPaymentDetail> {
    const paid = await this.deps.appraisals.pay(userId, commissionId, feeFen);
    return this.detail(userId, `r${paid.reservation_id}`);
  }

  async list(userId: number, query: JudicialPayListQuery): Promise<PageP<JudicialPayment>> {
    const mainId = await this.mainAccountOf(userId);
    const reservedKinds = query.kind ? RESERVED_KINDS.filter((kind) => kind === query.kind) : RESERVED_KINDS;
    const filter = { userId: mainId, services: reservedKinds.map((kind) => JUDICIAL_PAY_SERVICES[kind]), ...(query.state ? { states: RESERVATION_STATES[query.state] } : {}) };
    const listsPurchases = (!query.kind || query.kind === "bundlePurchase") && (!query.state || query.state === "paid");
    // A page of the merged list lies within the newest (page × size) rows of each source.
    const needed = query.pageNumber * query.pageSize;
    const [reservations, purchases, reservationCount, purchaseCount] = await Promise.all([
      this.deps.reservations.newest(filter, needed),
      listsPurchases ? this.deps.purchases.newest(mainId, BUNDLE, needed) : [],
      this.deps.reservations.count(filter),
      listsPurchases ? this.deps.purchases.count(mainId, BUNDLE) : 0,
    ]);
    const merged = [...(await Promise.all(reservations.map((row) => this.fromReservation(row)))), ...purchases.map(fromPurchase)].sort(
      (a, b) => b.createTime - a.createTime || b.id.localeCompare(a.id),
    );
    const total = reservationCount + purchaseCount;
    return {
      list: merged.slice(needed - query.pageSize, needed).map(({ reference: _reference, stateNote: _note, commissionId: _commission, quantity: _quantity, ...row }) => row),
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      totalPage: Math.ceil(total / query.pageSize),
      totalRow: total,
    };
  }

  async detail(userId: number, id: string): Promise<JudicialPaymentDetail> {
    const mainId = await this.mainAccountOf(userId);
    const number = Number(id.slice(1));
    if (id.startsWith("r")) {
      const row = await this.deps.reservations.find(number);
      if (!row || row.user_id !== mainId || !KIND_OF_SERVICE.has(row.service)) throw notFound();
      return this.fromReservation(row);
    }
    const purchase = await this.deps.purchases.find(number, BUNDLE);
    if (!purchase || purchase.userId !== mainId) throw notFound();
    return fromPurchase(purchase);
  }

  private async fromReservation(row: ReservationRow): Promise<JudicialPaymentDetail> {
    const kind = KIND_OF_SERVICE.get(row.service)!;
    const state = judicialPayStateOf(row.state);
    const commission = kind === "appraisalFee" ? await this.deps.appraisals.findByCommissionNo(row.reference) : null;
    return {
      id: `r${row.id}`,
      kind,
      subject: commission ? `司法鉴定委托 ${row.reference}（${commission.institutionName}）` : `公证申请 ${row.reference}`,
      amountFen: Number(row.amount_fen),
      state,
      createTime: Number(row.created_at),
      closeTime: row.closed_at === null ? null : Number(row.closed_at),
      reference: row.reference,
      stateNote: JUDICIAL_PAY_STATE_NOTES[state],
      commissionId: commission?.id ?? null,
      quantity: null,
    };
  }

  /** A sub-account sees what its main account paid: judicial services are the main account's (spec §6). */
  private async mainAccountOf(userId: number): Promise<number> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new BusinessError(ResultCode.sessionRevoked);
    return user.parent_id ?? user.id;
  }
}

function fromPurchase(purchase: PurchaseRecord): JudicialPaymentDetail {
  return {
    id: `p${purchase.id}`,
    kind: "bundlePurchase",
    subject: `${purchase.productName} × ${purchase.quantity}`,
    amountFen: purchase.totalFen,
    state: "paid",
    createTime: purchase.createdAt,
    closeTime: null,
    reference: purchase.productCode,
    stateNote: JUDICIAL_PAY_STATE_NOTES.paid,
    commissionId: null,
    quantity: purchase.quantity,
  };
}
