import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

/** The chain module's tables (migration 0010): witnesses, their cosignatures, TSA tokens. */
export interface WitnessRow {
  readonly name: string;
  readonly url: string;
  readonly verifierKey: string;
  readonly cosignedSize: number | null;
  readonly status: number;
  readonly lastError: string | null;
}

export interface TimestampRow {
  readonly treeSize: number;
  readonly rootHash: string;
  readonly tsaUrl: string;
  readonly token: Uint8Array;
  readonly genTime: number;
  readonly serialNumber: string;
}

export class ChainRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async witnesses(): Promise<WitnessRow[]> {
    const rows = await this.db.selectFrom("ledger_witnesses").selectAll().orderBy("name").execute();
    return rows.map((row) => ({ name: row.name, url: row.url, verifierKey: row.verifier_key, cosignedSize: row.cosigned_size, status: row.status, lastError: row.last_error }));
  }

  /** Records the configured witness (its URL or key may have changed since the last start). */
  async registerWitness(witness: { name: string; url: string; verifierKey: string }, now: number): Promise<void> {
    const existing = await this.db.selectFrom("ledger_witnesses").select("verifier_key").where("name", "=", witness.name).executeTakeFirst();
    if (!existing) {
      await this.db
        .insertInto("ledger_witnesses")
        .values({ name: witness.name, url: witness.url, verifier_key: witness.verifierKey, cosigned_size: null, status: 0, last_error: null, updated_at: now })
        .execute();
      return;
    }
    // A new key is a new witness as far as its cosignatures go: what it cosigned before is unknown.
    const keyChanged = existing.verifier_key !== witness.verifierKey;
    await this.db
      .updateTable("ledger_witnesses")
      .set({ url: witness.url, verifier_key: witness.verifierKey, ...(keyChanged ? { cosigned_size: null } : {}), updated_at: now })
      .where("name", "=", witness.name)
      .execute();
  }

  async recordCosignature(witnessName: string, treeSize: number, line: string, cosignedAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("ledger_cosignatures")
        .values({ tree_size: treeSize, witness_name: witnessName, line, cosigned_at: cosignedAt })
        .onConflict((conflict) => conflict.columns(["tree_size", "witness_name"]).doUpdateSet({ line, cosigned_at: cosignedAt }))
        .execute();
      await trx
        .updateTable("ledger_witnesses")
        .set({ cosigned_size: treeSize, status: 1, last_error: null, updated_at: cosignedAt })
        .where("name", "=", witnessName)
        .execute();
    });
  }

  /** The witness answered but did not cosign, or could not be reached. */
  async recordWitnessFailure(witnessName: string, error: string, now: number, knownSize?: number): Promise<void> {
    await this.db
      .updateTable("ledger_witnesses")
      .set({ status: 0, last_error: error.slice(0, 500), updated_at: now, ...(knownSize === undefined ? {} : { cosigned_size: knownSize }) })
      .where("name", "=", witnessName)
      .execute();
  }

  async cosignatureLines(treeSize: number): Promise<string[]> {
    const rows = await this.db.selectFrom("ledger_cosignatures").select("line").where("tree_size", "=", treeSize).orderBy("witness_name").execute();
    return rows.map((row) => row.line);
  }

  /** The witness's cosignature of the largest checkpoint whose size lies in [minSize, maxSize], or null. */
  async newestCosignatureWithin(witnessName: string, minSize: number, maxSize: number): Promise<{ treeSize: number; line: string } | null> {
    const row = await this.db
      .selectFrom("ledger_cosignatures")
      .select(["tree_size", "line"])
      .where("witness_name", "=", witnessName)
      .where("tree_size", ">=", minSize)
      .where("tree_size", "<=", maxSize)
      .orderBy("tree_size", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? { treeSize: Number(row.tree_size), line: row.line } : null;
  }

  /** When each witness last cosigned a checkpoint (its own time in the cosignature), by witness name. */
  async lastCosignatureTimes(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("ledger_cosignatures")
      .select((eb) => ["witness_name", eb.fn.max("cosigned_at").as("last")])
      .groupBy("witness_name")
      .execute();
    return new Map(rows.map((row) => [row.witness_name, Number(row.last)]));
  }

  async saveTimestamp(row: TimestampRow, now: number): Promise<void> {
    await this.db
      .insertInto("ledger_timestamps")
      .values({
        tree_size: row.treeSize,
        root_hash: row.rootHash,
        tsa_url: row.tsaUrl,
        token: Buffer.from(row.token),
        gen_time: row.genTime,
        serial_number: row.serialNumber,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column("tree_size").doNothing())
      .execute();
  }

  /** The newest token: its checkpoint's size and the TSA's time, or null before the first. */
  async latestTimestamp(): Promise<{ treeSize: number; genTime: number } | null> {
    const row = await this.db.selectFrom("ledger_timestamps").select(["tree_size", "gen_time"]).orderBy("tree_size", "desc").limit(1).executeTakeFirst();
    return row ? { treeSize: row.tree_size, genTime: row.gen_time } : null;
  }

  /** The token of the smallest time-stamped checkpoint of at least `treeSize` (it covers the entries below it). */
  async timestampCovering(treeSize: number): Promise<TimestampRow | null> {
    const row = await this.db.selectFrom("ledger_timestamps").selectAll().where("tree_size", ">=", treeSize).orderBy("tree_size").limit(1).executeTakeFirst();
    return row ? { treeSize: row.tree_size, rootHash: row.root_hash, tsaUrl: row.tsa_url, token: new Uint8Array(row.token), genTime: row.gen_time, serialNumber: row.serial_number } : null;
  }
}
