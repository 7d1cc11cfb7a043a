import type { LibraryRecord } from "./evidence-library.ports.js";
import type { ExtraPackageFile, PackedEntry } from "./package-writer.js";

/** The kinds of package built as jobs (evidence_packages.kind): the evidence library's, and the help centre's litigation package. */
export const PACKAGE_KINDS = ["evidence", "lawsuit"] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** Files a kind adds after the records' own, made when the job runs, and what its asker is told of the entries written (kept as detail_json). */
export type PackageExtension = { extraFiles: readonly ExtraPackageFile[]; describe: (entries: readonly PackedEntry[]) => unknown };

/**
 * One kind of package: its own row queue (so the console tells them apart and a busy one never
 * holds up the other), how long a finished package is kept, its refusal when a record went, and
 * what it adds to the evidence package of its records.
 */
export type PackageKindDefinition = {
  kind: PackageKind;
  queue: { key: string; name: string; concurrency: number };
  /** A finished (or failed) package can be downloaded (or its failure read) for this long, then it is deleted. */
  ttlMs: number;
  /** The refusal when a record packed was deleted since the job was asked for. */
  recordGone: string;
  extend?: (records: readonly LibraryRecord[], createdAt: number) => Promise<PackageExtension>;
};

/** Packages written at once by one process: packing is disk and CPU work. */
const EVIDENCE_PACKAGES_AT_ONCE = 4;

export const EVIDENCE_PACKAGES: PackageKindDefinition = {
  kind: "evidence",
  queue: { key: "evidence.packages", name: "证据打包", concurrency: EVIDENCE_PACKAGES_AT_ONCE },
  ttlMs: 60 * 60 * 1000,
  recordGone: "所选证据中有已删除的证据，请重新选择后打包",
};

/** A package's scratch file in the blob store, named by its job (a litigation package's by its ticket's hash, never the ticket). */
export const scratchNameOf = (kind: PackageKind, jobKey: string) => `${kind}-package-${jobKey}.zip`;
