import type { Kysely } from "kysely";
import type { Dapp } from "../../../src/schema/common.js";
import type { Database } from "../../db/database.js";
import { DAPP_TABLE, dappOf } from "./dapp-content.js";

export class CommonService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly storagePrefix: string,
  ) {}

  serverTime(): { serverTime: number } {
    return { serverTime: this.now() };
  }

  /**
   * The published related applications by category, in the console's order; hidden ones included,
   * since the client honours `display` (spec §3). Not cached: a publication is public at once.
   */
  async listDapps(): Promise<Dapp[]> {
    const rows = await DAPP_TABLE.listPublished(this.db);
    return rows.map((row) => dappOf(row, this.storagePrefix));
  }
}
