import { BUNDLE_USE_MESSAGE, checkBundleUse, type BundleSize } from "../../schema/bundle";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { EVIDENCE_TYPE } from "../../schema/lists";

/** A snapshot is one capture of one web page (src/schema/capture.ts: one URL, one capture). */
const PAGES_PER_SNAPSHOT = 1;

/**
 * The bundle use rule (spec §5, bundle.ts checkBundleUse) for the evidence chosen so far, so the
 * form says at once why a bundle cannot pay for them; the server applies the same rule on submit.
 * Only snapshots have an evidence type the rule knows: any other kind (or one not known yet)
 * refuses the bundle.
 */
export function bundleRuleMessage(size: BundleSize, kinds: readonly (EvidenceKind | null)[]): string | null {
  if (kinds.length > 0 && kinds.some((kind) => kind !== "snapshot")) return BUNDLE_USE_MESSAGE.snapshotsOnly;
  return checkBundleUse(
    size,
    kinds.map(() => ({ evidenceType: EVIDENCE_TYPE.snapshot, pageCount: PAGES_PER_SNAPSHOT })),
  );
}
