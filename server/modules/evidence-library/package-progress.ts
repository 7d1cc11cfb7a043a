import type { LibraryRecord } from "./evidence-library.ports.js";
import { storedBytes } from "./package-contents.js";

/**
 * The packaging countdown's arithmetic. A job's work is counted in units: the bytes it packs plus
 * a fixed allowance per item (certificate PDF, proof). The first estimate, before anything is
 * measured, assumes a modest disk rate; later ones use the rate the run has shown.
 */
// About half the packer's rate in bench/evidence-package.bench.ts, to leave room for a busy disk.
const ASSUMED_BYTES_PER_SECOND = 80 * 1024 * 1024;
const ASSUMED_SECONDS_PER_ITEM = 0.3;
const UNITS_PER_ITEM = ASSUMED_SECONDS_PER_ITEM * ASSUMED_BYTES_PER_SECOND;

export const unitsOf = (record: LibraryRecord): number => storedBytes(record) + UNITS_PER_ITEM;

/**
 * Seconds left, at least 1. `runStartedAt` and `realNow` are the real clock (Date.now()), not the
 * app's: a test's or NTP's clock must not make the rate. The run may be on another machine, whose
 * clock we trust to the second, as the countdown needs.
 */
export function estimateSeconds(progress: { unitsTotal: number; unitsDone: number; runStartedAt: number | null }, realNow: number): number {
  const remaining = progress.unitsTotal - progress.unitsDone;
  const elapsedSeconds = progress.runStartedAt === null ? 0 : (realNow - progress.runStartedAt) / 1000;
  const rate = progress.unitsDone > 0 && elapsedSeconds > 0 ? progress.unitsDone / elapsedSeconds : ASSUMED_BYTES_PER_SECOND;
  return Math.max(1, Math.ceil(remaining / rate));
}
