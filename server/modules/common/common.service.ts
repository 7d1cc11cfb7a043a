import type { Dapp } from "../../../src/schema/common.js";
import type { DappRepository, DappRow } from "./dapp.repository.js";

export class CommonService {
  constructor(
    private readonly dapps: DappRepository,
    private readonly now: () => number,
    private readonly storagePrefix: string,
  ) {}

  serverTime(): { serverTime: number } {
    return { serverTime: this.now() };
  }

  /** Every related application, hidden ones included: the client honours `display` (spec §3). */
  async listDapps(): Promise<Dapp[]> {
    const rows = await this.dapps.listAll();
    return rows.map((row) => this.toDapp(row));
  }

  private toDapp(row: DappRow): Dapp {
    return {
      dapp_name: row.dapp_name,
      description: row.description,
      menu_logo: this.storagePrefix + row.menu_logo,
      dapp_home_url: row.dapp_home_url,
      category: row.category as Dapp["category"],
      display: row.display as Dapp["display"],
      width: row.width,
    };
  }
}
