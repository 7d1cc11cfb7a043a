/**
 * One block's Merkle work, all in memory: extend the tree after the last checkpoint by the block's
 * leaf hashes, and prove the new tree consistent with the old one (RFC 9162 §2.1.4).
 *
 * Every hash a consistency proof from size m to n needs is either a perfect subtree of [0, m) that
 * the old frontier holds (the proof walks the old tree's decomposition), or a perfect subtree
 * starting at or after m, which the appends of this block complete. So the proof is built from the
 * frontier and the nodes seen while appending, without reading a stored node back. The signer then
 * checks it against the last *signed* root, which ties the old frontier to what was signed.
 */
import { consistencyProofPlan } from "../../isomorphic/ledger/consistency.js";
import { assembleProof, planNodes } from "../../isomorphic/ledger/proof-plan.js";
import { nodeKey } from "../../isomorphic/ledger/tree-math.js";
import { CompactRange, type CompactRangeState, type KnownNodes, type NodeSink } from "./compact-range.js";
import { sha256 } from "./node-crypto.js";

export interface TreeExtension {
  /** The tree after the block. */
  readonly range: CompactRange;
  readonly root: Uint8Array;
  /** From the old size to the new one; empty when the old tree was empty (nothing to prove). */
  readonly consistencyProof: Uint8Array[];
}

/**
 * Extends a copy of `from` (which is left as it was); `onNode` sees every completed subtree, and
 * nodes `known` has are not hashed again, as in `CompactRange.append`.
 */
export function extendTree(from: CompactRangeState, leafHashes: readonly Uint8Array[], onNode?: NodeSink, known?: KnownNodes): TreeExtension {
  const range = CompactRange.fromState(from);
  const oldSize = from.size;
  const newSize = oldSize + leafHashes.length;
  const plan = oldSize > 0 && newSize > oldSize ? consistencyProofPlan(oldSize, newSize) : [];
  // The proof's nodes by level, so the hundreds of nodes a block completes are told apart from
  // the few it needs by two lookups, not a string each.
  const wanted = new Map<number, Set<number>>();
  for (const { level, index } of planNodes(plan)) {
    if (!wanted.has(level)) wanted.set(level, new Set());
    wanted.get(level)!.add(index);
  }
  const proofNodes = new Map<string, Uint8Array>();
  range.nodes().forEach((node, i) => proofNodes.set(nodeKey(node), from.hashes[i]));
  for (const leafHash of leafHashes) {
    range.append(leafHash, (level, index, hash) => {
      onNode?.(level, index, hash);
      if (wanted.get(level)?.has(index)) proofNodes.set(nodeKey({ level, index }), hash);
    }, known);
  }
  return { range, root: range.root(), consistencyProof: assembleProof(plan, proofNodes, sha256) };
}
