/**
 * Benchmark: the ledger library in one process (no database). Never part of `npm test`.
 *  1. appends per second into the compact range against raw SHA-256 of the same leaves, same run;
 *  2. inclusion-proof generation (time, size) at 10^4, 10^5 and 10^6 entries over an in-memory
 *     node store, plus verification time and the tiles a tile-only client would fetch;
 *  3. the same for consistency proofs from a random earlier size to 10^4, 10^5 and 10^6.
 *
 *   npx tsx bench/ledger.bench.ts        (BENCH_LEAVES, BENCH_PROOFS change the load)
 */
import { createHash } from "node:crypto";
import os from "node:os";
import { CompactRange } from "../server/ledger/compact-range.js";
import { checkConsistencyProof, generateConsistencyProof } from "../isomorphic/ledger/consistency.js";
import { hashChildren, hashLeaf } from "../isomorphic/ledger/hashing.js";
import { checkInclusionProof, generateInclusionProof } from "../isomorphic/ledger/inclusion.js";
import { MemoryNodeStore } from "../tests/support/memory-node-store.js";
import { tilesForConsistencyProof, tilesForInclusionProof } from "../server/ledger/tiles.js";
import { perfectSubtrees } from "../isomorphic/ledger/tree-math.js";
import { sha256 } from "../server/ledger/node-crypto.js";

const LEAVES = Number(process.env.BENCH_LEAVES ?? 1_000_000);
const PROOFS = Number(process.env.BENCH_PROOFS ?? 2_000);
const ENTRY_SIZE = 300; // about one canonical JSON evidence record

// Every loop hashes the same leaves: one template entry with the leaf number written into it.
const entry = new Uint8Array(ENTRY_SIZE).fill(0x61);
const entryView = new DataView(entry.buffer);
const leafAt = (i: number) => {
  entryView.setFloat64(0, i);
  return entry;
};

function perSecond(label: string, work: () => void) {
  const started = performance.now();
  work();
  const seconds = (performance.now() - started) / 1000;
  return { label, perSecond: LEAVES / seconds };
}

// warm-up so the JIT treats every loop alike
for (let i = 0; i < 50_000; i += 1) createHash("sha256").update(leafAt(i)).digest();

const raw = perSecond("raw SHA-256 of each leaf", () => {
  for (let i = 0; i < LEAVES; i += 1) createHash("sha256").update(leafAt(i)).digest();
});
const bare = perSecond("compact range: hashLeaf + append", () => {
  const range = CompactRange.empty();
  for (let i = 0; i < LEAVES; i += 1) range.append(hashLeaf(leafAt(i), sha256));
});
const store = new MemoryNodeStore();
const range = CompactRange.empty();
const stored = perSecond("… + every completed node into the store", () => {
  for (let i = 0; i < LEAVES; i += 1) range.append(hashLeaf(leafAt(i), sha256), store.put);
});
const withRoot = perSecond("… + root() after every append", () => {
  const fresh = CompactRange.empty();
  for (let i = 0; i < LEAVES; i += 1) {
    fresh.append(hashLeaf(leafAt(i), sha256));
    fresh.root();
  }
});

console.log(`\nledger appends, ${LEAVES.toLocaleString("en")} leaves of ${ENTRY_SIZE} bytes, ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} cores), Node ${process.version}`);
console.table(
  [raw, bare, stored, withRoot].map(({ label, perSecond: rate }) => ({
    step: label,
    "leaves/s": Math.round(rate).toLocaleString("en"),
    "vs raw SHA-256": `${(rate / raw.perSecond).toFixed(2)}×`,
  })),
);

// ---- inclusion proofs over the stored tree (a tree of n leaves is a prefix of the stored one) ----
let seed = 12345;
const random = (below: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % below;
};

const rows = [];
for (const size of [10_000, 100_000, 1_000_000].filter((n) => n <= LEAVES)) {
  const rootRange = CompactRange.empty();
  // the root at `size`, recomputed from the stored leaves' perfect subtrees via a fresh range
  const leafHashes: Uint8Array[] = [];
  for (let i = 0; i < size; i += 1) leafHashes.push(store.get(0, i));
  rootRange.appendAll(leafHashes);
  const rootHash = rootRange.root();

  const indices = Array.from({ length: PROOFS }, () => random(size));
  const proofs: Uint8Array[][] = [];
  const times: number[] = [];
  for (const index of indices) {
    const started = performance.now();
    proofs.push(await generateInclusionProof(index, size, store.reader, sha256));
    times.push(performance.now() - started);
  }
  const verifyStarted = performance.now();
  proofs.forEach((proof, i) => {
    if (!checkInclusionProof({ leafHash: leafHashes[indices[i]], index: indices[i], treeSize: size, proof, rootHash }, sha256).ok) throw new Error("a proof failed");
  });
  const tiles = indices.slice(0, 200).map((index) => tilesForInclusionProof(index, size).length);
  rows.push(proofRow(size, times, proofs, (performance.now() - verifyStarted) / PROOFS, tiles));
}
console.log(`\ninclusion proofs, ${PROOFS} random leaves per size, in-memory node store`);
console.table(rows);

// ---- consistency proofs from a random earlier size m to n ----
/** MTH of the first `size` leaves, folded from the stored perfect subtrees. */
const rootOf = (size: number) => perfectSubtrees(0, size).map((node) => store.get(node.level, node.index)).reduceRight((right, left) => hashChildren(left, right, sha256));

const consistencyRows = [];
for (const size of [10_000, 100_000, 1_000_000].filter((n) => n <= LEAVES)) {
  const newRoot = rootOf(size);
  const oldSizes = Array.from({ length: PROOFS }, () => 1 + random(size - 1));
  const oldRoots = oldSizes.map(rootOf);
  const proofs: Uint8Array[][] = [];
  const times: number[] = [];
  for (const oldSize of oldSizes) {
    const started = performance.now();
    proofs.push(await generateConsistencyProof(oldSize, size, store.reader, sha256));
    times.push(performance.now() - started);
  }
  const verifyStarted = performance.now();
  proofs.forEach((proof, i) => {
    if (!checkConsistencyProof({ size1: oldSizes[i], size2: size, rootHash1: oldRoots[i], rootHash2: newRoot, proof }, sha256).ok) throw new Error("a consistency proof failed");
  });
  const tiles = oldSizes.slice(0, 200).map((oldSize) => tilesForConsistencyProof(oldSize, size).length);
  consistencyRows.push(proofRow(size, times, proofs, (performance.now() - verifyStarted) / PROOFS, tiles));
}
console.log(`\nconsistency proofs, ${PROOFS} random earlier sizes per size, in-memory node store`);
console.table(consistencyRows);

/** One table row: generation time (ms per proof in `times`), proof size, verification time and tiles a client fetches. */
function proofRow(size: number, times: number[], proofs: Uint8Array[][], verifyMs: number, tiles: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const hashes = proofs.map((proof) => proof.length);
  return {
    entries: size.toLocaleString("en"),
    "generate mean µs": Math.round((sorted.reduce((sum, t) => sum + t, 0) / sorted.length) * 1000),
    "generate p99 µs": Math.round(sorted[Math.floor(sorted.length * 0.99)] * 1000),
    "proof hashes (max)": Math.max(...hashes),
    "proof bytes (mean)": Math.round((hashes.reduce((sum, n) => sum + n, 0) / hashes.length) * 32),
    "verify mean µs": Math.round(verifyMs * 1000),
    "tiles to fetch (max)": Math.max(...tiles),
  };
}
