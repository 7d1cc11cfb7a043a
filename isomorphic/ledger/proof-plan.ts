/**
 * From "which subtree hashes does this proof need" to the proof itself.
 *
 * Every hash in an RFC 9162 inclusion or consistency proof is MTH(D[begin:end]) of a range whose
 * begin is aligned to a power of two at least its length. Such a range splits into perfect subtrees
 * of strictly decreasing size, and its MTH is their hashes folded from the right:
 *   MTH = HASH(0x01 ‖ P1 ‖ HASH(0x01 ‖ P2 ‖ … Pk))
 * So a proof is planned as a list of node lists (one per proof hash, in proof order), the nodes are
 * looked up in whatever store holds the perfect subtrees (database rows, tiles, memory), and each
 * list is folded. Splitting planning from fetching lets the server batch its reads and lets a tile
 * client know which tiles to download before building the proof.
 */
import type { Sha256 } from "./crypto.js";
import { hashChildren } from "./hashing.js";
import { nodeKey, perfectSubtrees, type NodeId } from "./tree-math.js";

/** One entry per proof hash, in proof order; each entry the perfect subtrees to fold, left to right. */
export type ProofPlan = readonly (readonly NodeId[])[];

/**
 * Reads the hash of a perfect subtree (level 0 = leaf hashes). Async because the server keeps the
 * tree in a database and a client may read it from tiles. Must only be asked for nodes that are
 * complete in the tree the proof is for; plans never ask for anything else.
 */
export type NodeHashReader = (level: number, index: number) => Promise<Uint8Array>;

export function planForRanges(ranges: readonly (readonly [number, number])[]): ProofPlan {
  return ranges.map(([begin, end]) => perfectSubtrees(begin, end));
}

/** Every node a plan reads, without duplicates. */
export function planNodes(plan: ProofPlan): NodeId[] {
  const seen = new Map<string, NodeId>();
  for (const entry of plan) for (const node of entry) seen.set(nodeKey(node), node);
  return [...seen.values()];
}

/** Builds the proof from hashes already fetched (keyed by `nodeKey`). */
export function assembleProof(plan: ProofPlan, hashes: ReadonlyMap<string, Uint8Array>, sha256: Sha256): Uint8Array[] {
  return plan.map((nodes) => {
    const lookup = (node: NodeId) => {
      const hash = hashes.get(nodeKey(node));
      if (!hash) throw new Error(`node ${nodeKey(node)} is missing from the fetched hashes`);
      return hash;
    };
    let folded = lookup(nodes[nodes.length - 1]);
    for (let i = nodes.length - 2; i >= 0; i -= 1) folded = hashChildren(lookup(nodes[i]), folded, sha256);
    return folded;
  });
}

/** Fetches every node of the plan (concurrently) and assembles the proof. */
export async function fetchProof(plan: ProofPlan, getNodeHash: NodeHashReader, sha256: Sha256): Promise<Uint8Array[]> {
  const nodes = planNodes(plan);
  const fetched = await Promise.all(nodes.map((node) => getNodeHash(node.level, node.index)));
  return assembleProof(plan, new Map(nodes.map((node, i) => [nodeKey(node), fetched[i]])), sha256);
}
