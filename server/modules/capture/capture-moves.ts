import type { Kysely } from "kysely";
import { CAPTURE_LIFECYCLE, CaptureStateError, type CaptureAction, type CaptureFailureCode, type CaptureState } from "../../../src/schema/capture.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { PackageUnits } from "../purchase/package-units.js";
import type { CapturePackages } from "./capture-packages.js";
import type { CaptureSettledListeners } from "./capture-settlements.js";
import type { CaptureRepository, CaptureRow } from "./capture.repository.js";

export type CaptureMovesDependencies = {
  db: Kysely<Database>;
  repository: CaptureRepository;
  units: Pick<PackageUnits, "release">;
  /** Where packages wait until sealed or discarded. */
  packages: CapturePackages;
  /** Told once a capture has failed (after the commit). */
  settled: CaptureSettledListeners;
  now: () => number;
};

/** The ways into `failed`, each with its own reason. */
export type FailingAction = Extract<CaptureAction, "fail" | "discard" | "abandon" | "expire">;

/**
 * What the holder's calls and the worker share: an edge of CAPTURE_LIFECYCLE (refused in the
 * holder's words), the move into `failed` that hands the unit back and throws the capture's files away.
 */
export class CaptureMoves {
  constructor(private readonly deps: CaptureMovesDependencies) {}

  /** The state `action` leads to from `from`; a move the lifecycle refuses is a 1001 with its Chinese refusal. */
  edge(from: CaptureState, action: CaptureAction): CaptureState {
    if (!CAPTURE_LIFECYCLE.can(from, action)) throw this.refusal(from, action);
    return CAPTURE_LIFECYCLE.next(from, action);
  }

  refusal(from: CaptureState, action: CaptureAction): BusinessError {
    return new BusinessError(ResultCode.validationFailed, new CaptureStateError(from, action).message);
  }

  /** Leaves `row.state` by `action` for failed, with the reason; the unit goes back in the same transaction, then the files go. */
  async fail(row: CaptureRow, action: FailingAction, code: CaptureFailureCode, detail: string): Promise<void> {
    const from = row.state as CaptureState;
    const to = this.edge(from, action);
    await durableTransaction(this.deps.db, async (trx) => {
      const now = this.deps.now();
      const patch = { state: to, failure_code: code, failure_detail: detail.slice(0, 500) || null, ...noPackage(), certificate_no: null, ended_at: row.ended_at ?? now, updated_at: now };
      if (!(await this.deps.repository.updateIn(trx, row.id, from, patch))) throw this.refusal(from, action);
      if (row.unit_reservation_id !== null) await this.deps.units.release(row.unit_reservation_id, trx);
    });
    await this.removeWork(row.id);
    await this.deps.settled.notify(await this.deps.repository.find(row.id));
  }

  async removeWork(id: number): Promise<void> {
    await this.deps.packages.remove(id);
  }
}

/** The package columns cleared (a package thrown away or moved into the blob store). */
export function noPackage() {
  return { package_sha256: null, package_sm3: null, package_bytes: null, manifest_sha256: null, package_blob: null };
}
