/**
 * Merkle consistency proofs between two sizes of the same append-only tree, RFC 9162 §2.1.4.
 *
 * Generation follows SUBPROOF(m, D[n], b) of §2.1.4.1; verification is the §2.1.4.2 algorithm.
 * Conventions (those of the transparency-dev test vectors): a proof from size 0 is always refused
 * (it proves nothing), and equal sizes need an empty proof and equal roots.
 */
import type { Sha256 } from "./crypto.js";
import { bytesEqual } from "./encoding.js";
import { PROOF_OK, proofFailed, type ProofCheck } from "./errors.js";
import { HASH_SIZE, hashChildren } from "./hashing.js";
import { fetchProof, planForRanges, type NodeHashReader, type ProofPlan } from "./proof-plan.js";
import { assertTreeSize, half, isOdd, isPowerOfTwo, isTreeSize, largestPowerOfTwoBelow } from "./tree-math.js";

/** The subtrees whose hashes prove that the tree of `size1` leaves is a prefix of the one of `size2`. */
export function consistencyProofPlan(size1: number, size2: number): ProofPlan {
  assertTreeSize(size1, "first tree size");
  assertTreeSize(size2, "second tree size");
  if (size1 < 1 || size1 > size2) throw new RangeError(`no consistency proof from size ${size1} to size ${size2}`);
  const ranges: [number, number][] = [];
  let begin = 0;
  let end = size2;
  // `startsAtRoot` is SUBPROOF's b: true while the old tree's root is a node we are still inside of.
  let startsAtRoot = true;
  while (size1 !== end) {
    const split = begin + largestPowerOfTwoBelow(end - begin);
    if (size1 <= split) {
      ranges.push([split, end]);
      end = split;
    } else {
      ranges.push([begin, split]);
      begin = split;
      startsAtRoot = false;
    }
  }
  if (!startsAtRoot) ranges.push([begin, end]);
  return planForRanges(ranges.reverse());
}

export function generateConsistencyProof(size1: number, size2: number, getNodeHash: NodeHashReader, sha256: Sha256): Promise<Uint8Array[]> {
  if (size1 === size2 && size1 > 0) return Promise.resolve([]);
  return fetchProof(consistencyProofPlan(size1, size2), getNodeHash, sha256);
}

export interface ConsistencyClaim {
  readonly size1: number;
  readonly size2: number;
  readonly rootHash1: Uint8Array;
  readonly rootHash2: Uint8Array;
  readonly proof: readonly Uint8Array[];
}

/** RFC 9162 §2.1.4.2, with the reason of a refusal. Never throws. */
export function checkConsistencyProof({ size1, size2, rootHash1, rootHash2, proof }: ConsistencyClaim, sha256: Sha256): ProofCheck {
  if (!isTreeSize(size1) || !isTreeSize(size2) || size1 < 1 || size1 > size2) return proofFailed("out-of-range");
  if (proof.some((hash) => hash.length !== HASH_SIZE)) return proofFailed("malformed-hash");
  if (size1 === size2) {
    if (proof.length > 0) return proofFailed("proof-too-long");
    return bytesEqual(rootHash1, rootHash2) ? PROOF_OK : proofFailed("root-mismatch");
  }
  if (proof.length === 0) return proofFailed("proof-too-short");
  // When the old tree is a perfect subtree of the new one, its root is the proof's implicit first hash.
  const path = isPowerOfTwo(size1) ? [rootHash1, ...proof] : proof;
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let oldRoot = path[0];
  let newRoot = path[0];
  for (const hash of path.slice(1)) {
    if (sn === 0) return proofFailed("proof-too-long");
    if (isOdd(fn) || fn === sn) {
      oldRoot = hashChildren(hash, oldRoot, sha256);
      newRoot = hashChildren(hash, newRoot, sha256);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      newRoot = hashChildren(newRoot, hash, sha256);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) return proofFailed("proof-too-short");
  return bytesEqual(oldRoot, rootHash1) && bytesEqual(newRoot, rootHash2) ? PROOF_OK : proofFailed("root-mismatch");
}
