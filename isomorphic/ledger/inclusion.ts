/**
 * Merkle inclusion proofs (audit paths), RFC 9162 §2.1.3.
 *
 * Generation follows PATH(m, D[n]) of §2.1.3.1: walking down from the root, each step keeps the half
 * that holds leaf m and records the other half's MTH; the proof lists those hashes leaf-side first.
 * Verification is the §2.1.3.2 algorithm, which needs only the leaf hash, index, size and root.
 */
import type { Sha256 } from "./crypto.js";
import { bytesEqual } from "./encoding.js";
import { PROOF_OK, proofFailed, type ProofCheck } from "./errors.js";
import { HASH_SIZE, hashChildren } from "./hashing.js";
import { fetchProof, planForRanges, type NodeHashReader, type ProofPlan } from "./proof-plan.js";
import { assertTreeSize, half, isOdd, isTreeSize, largestPowerOfTwoBelow } from "./tree-math.js";

/** The subtrees whose hashes make up the inclusion proof of leaf `index` in a tree of `treeSize`. */
export function inclusionProofPlan(index: number, treeSize: number): ProofPlan {
  assertTreeSize(treeSize);
  assertTreeSize(index, "leaf index");
  if (index >= treeSize) throw new RangeError(`leaf index ${index} is not below tree size ${treeSize}`);
  const siblings: [number, number][] = [];
  let begin = 0;
  let end = treeSize;
  while (end - begin > 1) {
    const split = begin + largestPowerOfTwoBelow(end - begin);
    if (index < split) {
      siblings.push([split, end]);
      end = split;
    } else {
      siblings.push([begin, split]);
      begin = split;
    }
  }
  return planForRanges(siblings.reverse());
}

export function generateInclusionProof(index: number, treeSize: number, getNodeHash: NodeHashReader, sha256: Sha256): Promise<Uint8Array[]> {
  return fetchProof(inclusionProofPlan(index, treeSize), getNodeHash, sha256);
}

export interface InclusionClaim {
  readonly leafHash: Uint8Array;
  readonly index: number;
  readonly treeSize: number;
  readonly proof: readonly Uint8Array[];
  readonly rootHash: Uint8Array;
}

/** RFC 9162 §2.1.3.2, with the reason of a refusal. Never throws. */
export function checkInclusionProof({ leafHash, index, treeSize, proof, rootHash }: InclusionClaim, sha256: Sha256): ProofCheck {
  if (!isTreeSize(treeSize) || !isTreeSize(index) || index >= treeSize) return proofFailed("out-of-range");
  if (leafHash.length !== HASH_SIZE || proof.some((hash) => hash.length !== HASH_SIZE)) return proofFailed("malformed-hash");
  let fn = index;
  let sn = treeSize - 1;
  let computed = leafHash;
  for (const sibling of proof) {
    if (sn === 0) return proofFailed("proof-too-long");
    if (isOdd(fn) || fn === sn) {
      computed = hashChildren(sibling, computed, sha256);
      // On the right edge the tree skips levels: climb until this node is a right child again.
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      computed = hashChildren(computed, sibling, sha256);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) return proofFailed("proof-too-short");
  return bytesEqual(computed, rootHash) ? PROOF_OK : proofFailed("root-mismatch");
}
