import { sql, type Kysely, type Transaction } from "kysely";
import { BUNDLE_TRANSITIONS } from "../../../src/schema/bundle-lifecycle.js";
import type { BundleStatus } from "../../../src/schema/bundle.js";
import { CAPTURE_MESSAGES, CaptureCode, SNAPSHOT_PACKAGE_CODE, type CaptureChargeSource } from "../../../src/schema/capture.js";
import type { Database } from "../../db/database.js";
import { durableTransaction, lockForTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import { RESERVATION_LIFECYCLE, RESERVATION_TRANSITIONS, type ReservationAction, type ReservationState } from "../billing/reservation-states.js";
import type { AccountRecords } from "../account/account-records.service.js";

export type PackageUnitDependencies = {
  db: Kysely<Database>;
  now: () => number;
  users: Pick<AccountRecords, "findUser">;
};

/**
 * What a service spends: a package's count (`package_counts` of `code`) and, when `hasBundles`,
 * a notarisation bundle's snapshots before it; refused with `noUnits` when there is neither.
 */
export type UnitProduct = { code: string; hasBundles: boolean; noUnits: { code: number; message: string } };

/** Web captures (issue 15): a bundle's snapshots first, then package 30001. */
export const SNAPSHOT_UNITS: UnitProduct = { code: SNAPSHOT_PACKAGE_CODE, hasBundles: true, noUnits: { code: CaptureCode.noUnits, message: CAPTURE_MESSAGES.noUnits } };

/** The account using a unit and the main account whose unit it is. */
export type UnitAccount = { actingUserId: number; mainUserId: number };

/** A held unit, as the service that reserved it keeps it. */
export type UnitReservation = { id: number; source: CaptureChargeSource; bundleId: number | null; state: ReservationState };

export type UnitAllowance = {
  packageRemaining: number;
  bundles: { id: number; name: string; remaining: number; expiresAt: number }[];
  total: number;
};

/** The bundle states whose snapshots may still be spent: those a bundle can still be used from. */
const USABLE_BUNDLE_STATES = BUNDLE_TRANSITIONS.freeze.from as readonly BundleStatus[];
/** A bundle unit counts against its bundle while it is held or spent. */
const COUNTED_STATES: readonly ReservationState[] = ["reserved", RESERVATION_TRANSITIONS.settle.to];
const RESERVED: ReservationState = "reserved";
const UNIT_BACK_STATES: readonly ReservationState[] = [RESERVATION_TRANSITIONS.release.to, RESERVATION_TRANSITIONS.expire.to];

/**
 * Package units (issues 15, 16): one unit of a package (`package_counts`: 30001 snapshots, 30002
 * recordings; UnitProduct) or of a notarisation bundle's snapshots held for a service reference, then settled, released or expired
 * (RESERVATION_LIFECYCLE). A package unit leaves `remaining_count` when reserved and returns when
 * released or expired; a bundle's units left are its snapshot limit minus the units held or spent
 * against it. Sub-accounts spend their main account's units. Every change is one durable
 * transaction serialised per main account, so concurrent reserves never hand out one unit twice.
 */
export class PackageUnits {
  constructor(private readonly deps: PackageUnitDependencies) {}

  /**
   * Holds one unit of `product` for (`service`, `reference`): a usable bundle's first (soonest
   * expiry first) where the product takes bundles, then the package's. The same reference answers
   * its earlier reservation, whatever its state. Refused with the product's noUnits when there is none. `account` comes from accountOf(),
   * read before the caller's transaction opens (SQLite has one connection, held by that transaction).
   */
  async reserve(account: UnitAccount, request: { service: string; reference: string; expiresAt: number; product?: UnitProduct }, trx?: Transaction<Database>): Promise<UnitReservation> {
    const { actingUserId, mainUserId } = account;
    const product = request.product ?? SNAPSHOT_UNITS;
    return this.within(trx, async (trx) => {
      await lockForTransaction(trx, `package-units:${mainUserId}`);
      const earlier = await trx.selectFrom("package_unit_reservations").selectAll().where("service", "=", request.service).where("reference", "=", request.reference).executeTakeFirst();
      if (earlier) return reservationOf(earlier);
      const now = this.deps.now();
      const row = { user_id: mainUserId, acting_user_id: actingUserId, service: request.service, reference: request.reference, state: RESERVED, expires_at: request.expiresAt, created_at: now, updated_at: now };
      const [bundle] = product.hasBundles ? (await this.bundlesLeft(trx, mainUserId)).filter((candidate) => candidate.remaining > 0) : [];
      if (bundle) {
        const inserted = await trx.insertInto("package_unit_reservations").values({ ...row, source: "bundle", bundle_id: bundle.id, product_code: null }).returningAll().executeTakeFirstOrThrow();
        return reservationOf(inserted);
      }
      const taken = await trx
        .updateTable("package_counts")
        .set((eb) => ({ remaining_count: eb("remaining_count", "-", 1), updated_at: now }))
        .where("user_id", "=", mainUserId)
        .where("product_code", "=", product.code)
        .where("remaining_count", ">", 0)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new BusinessError(product.noUnits.code, product.noUnits.message);
      const inserted = await trx.insertInto("package_unit_reservations").values({ ...row, source: "package", bundle_id: null, product_code: product.code }).returningAll().executeTakeFirstOrThrow();
      return reservationOf(inserted);
    });
  }

  /** The service happened: the unit is spent. Settling a settled reservation again changes nothing. */
  async settle(reservationId: number, trx?: Transaction<Database>): Promise<void> {
    await this.within(trx, (trx) => this.move(trx, reservationId, "settle"));
  }

  /** The service did not happen: the unit is usable again. Releasing a released reservation again changes nothing. */
  async release(reservationId: number, trx?: Transaction<Database>): Promise<void> {
    await this.within(trx, (trx) => this.move(trx, reservationId, "release"));
  }

  /** Housekeeping: every reservation held past its expiry hands its unit back. Answers the references expired. */
  async expireStale(): Promise<{ service: string; reference: string }[]> {
    const stale = await this.deps.db
      .selectFrom("package_unit_reservations")
      .select(["id", "service", "reference"])
      .where("state", "in", RESERVATION_TRANSITIONS.expire.from)
      .where("expires_at", "<=", this.deps.now())
      .execute();
    const expired: { service: string; reference: string }[] = [];
    for (const row of stale) {
      if (await durableTransaction(this.deps.db, (trx) => this.move(trx, row.id, "expire"))) expired.push({ service: row.service, reference: row.reference });
    }
    return expired;
  }

  /** What a new reservation of `product` by `actingUserId` could draw on: the package's count and each usable bundle's snapshots left (where it takes them). */
  async allowance(actingUserId: number, product: UnitProduct = SNAPSHOT_UNITS): Promise<UnitAllowance> {
    const mainUserId = await this.mainAccountOf(actingUserId);
    const bundles = product.hasBundles ? (await this.bundlesLeft(this.deps.db, mainUserId)).filter((bundle) => bundle.remaining > 0) : [];
    const counts = await this.deps.db
      .selectFrom("package_counts")
      .select("remaining_count")
      .where("user_id", "=", mainUserId)
      .where("product_code", "=", product.code)
      .executeTakeFirst();
    const packageRemaining = counts?.remaining_count ?? 0;
    return { packageRemaining, bundles, total: packageRemaining + bundles.reduce((sum, bundle) => sum + bundle.remaining, 0) };
  }

  /**
   * One edge of the machine on one reservation, and the package unit back on release or expiry.
   * Answers whether it moved; repeating the edge that already happened, or handing back a unit
   * already back, is a no-op (a retried seal or discard, a release after housekeeping's expiry);
   * any other illegal edge throws the machine's error.
   */
  private async move(trx: Transaction<Database>, reservationId: number, action: ReservationAction): Promise<boolean> {
    const row = await trx.selectFrom("package_unit_reservations").selectAll().where("id", "=", reservationId).executeTakeFirst();
    if (!row) throw new Error(`package units: reservation ${reservationId} does not exist`);
    await lockForTransaction(trx, `package-units:${row.user_id}`);
    const from = row.state as ReservationState;
    if (from === RESERVATION_TRANSITIONS[action].to) return false;
    // Released or expired, the unit is back either way: handing it back again changes nothing.
    if (action !== "settle" && UNIT_BACK_STATES.includes(from)) return false;
    const to = RESERVATION_LIFECYCLE.next(from, action);
    const now = this.deps.now();
    const moved = await trx.updateTable("package_unit_reservations").set({ state: to, updated_at: now }).where("id", "=", reservationId).where("state", "=", from).executeTakeFirst();
    // A concurrent caller took this edge first.
    if (Number(moved.numUpdatedRows) !== 1) return false;
    if (row.source === "package" && to !== RESERVATION_TRANSITIONS.settle.to) {
      await trx
        .updateTable("package_counts")
        .set((eb) => ({ remaining_count: eb("remaining_count", "+", 1), updated_at: now }))
        .where("user_id", "=", row.user_id)
        .where("product_code", "=", row.product_code ?? SNAPSHOT_PACKAGE_CODE)
        .execute();
    }
    return true;
  }

  /** The main account's usable bundles with their snapshots left, soonest expiry first. */
  private async bundlesLeft(db: Kysely<Database>, mainUserId: number) {
    const rows = await db
      .selectFrom("customer_bundles")
      .innerJoin("product_prices", "product_prices.code", "customer_bundles.product_code")
      .leftJoin("package_unit_reservations", (join) =>
        join.onRef("package_unit_reservations.bundle_id", "=", "customer_bundles.id").on("package_unit_reservations.state", "in", COUNTED_STATES),
      )
      .select(["customer_bundles.id", "product_prices.name", "customer_bundles.snapshot_limit", "customer_bundles.expires_at", sql<number>`count(package_unit_reservations.id)`.as("used")])
      .where("customer_bundles.user_id", "=", mainUserId)
      .where("customer_bundles.state", "in", USABLE_BUNDLE_STATES)
      // Past its 90 days a bundle is expired even before housekeeping writes so.
      .where("customer_bundles.expires_at", ">", this.deps.now())
      .groupBy(["customer_bundles.id", "product_prices.name", "customer_bundles.snapshot_limit", "customer_bundles.expires_at"])
      .orderBy("customer_bundles.expires_at")
      .orderBy("customer_bundles.id")
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, remaining: row.snapshot_limit - Number(row.used), expiresAt: Number(row.expires_at) }));
  }

  /** Whose units an account spends: its own, or its main account's for a sub-account. */
  async accountOf(actingUserId: number): Promise<UnitAccount> {
    return { actingUserId, mainUserId: await this.mainAccountOf(actingUserId) };
  }

  private async mainAccountOf(userId: number): Promise<number> {
    const user = await this.deps.users.findUser(userId);
    // The session proved the user exists: a missing row is a server fault.
    if (!user) throw new Error(`package units: user ${userId} of a live session has no row`);
    return user.parent_id ?? user.id;
  }

  private within<T>(trx: Transaction<Database> | undefined, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return trx ? work(trx) : durableTransaction(this.deps.db, work);
  }
}

function reservationOf(row: { id: number; source: string; bundle_id: number | null; state: string }): UnitReservation {
  return { id: row.id, source: row.source as CaptureChargeSource, bundleId: row.bundle_id, state: row.state as ReservationState };
}
