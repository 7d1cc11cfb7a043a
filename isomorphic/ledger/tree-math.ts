/**
 * Index arithmetic of the Merkle tree, exact for every size up to 2^53 - 1.
 *
 * JavaScript bit operators truncate to 32 bits, so none are used on sizes or indices: halving is
 * `Math.floor(x / 2)`, a low bit is `x % 2`, and powers of two are built by doubling. All of these
 * are exact on safe integers (division by a power of two only changes the exponent).
 *
 * A node is named by its level (0 = leaves) and its index within that level: node (level, index)
 * is the root of the perfect subtree over leaves [index·2^level, (index+1)·2^level). Only such
 * perfect ("complete") subtrees are ever stored or served; the hashes on the right edge of a tree
 * whose size is not a power of two are recomputed from them.
 */
export const MAX_TREE_SIZE = Number.MAX_SAFE_INTEGER;

export interface NodeId {
  readonly level: number;
  readonly index: number;
}

export function isTreeSize(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

export function assertTreeSize(value: number, what = "tree size"): void {
  if (!isTreeSize(value)) throw new RangeError(`${what} must be an integer from 0 to 2^53 - 1, got ${value}`);
}

export function half(value: number): number {
  return Math.floor(value / 2);
}

export function isOdd(value: number): boolean {
  return value % 2 === 1;
}

export function isPowerOfTwo(value: number): boolean {
  if (value < 1) return false;
  while (value % 2 === 0) value /= 2;
  return value === 1;
}

/** The largest power of two strictly below `value` (value ≥ 2): the split point k of RFC 9162 §2.1.1. */
export function largestPowerOfTwoBelow(value: number): number {
  let power = 1;
  while (power * 2 < value) power *= 2;
  return power;
}

/**
 * Splits the leaf range [begin, end) into the fewest aligned perfect subtrees, left to right (its
 * "compact range"). For [0, n) these are one node per set bit of n, largest first.
 */
export function perfectSubtrees(begin: number, end: number): NodeId[] {
  const nodes: NodeId[] = [];
  while (begin < end) {
    let level = 0;
    let width = 1;
    while (begin % (width * 2) === 0 && begin + width * 2 <= end) {
      width *= 2;
      level += 1;
    }
    nodes.push({ level, index: begin / width });
    begin += width;
  }
  return nodes;
}

export function nodeKey(node: NodeId): string {
  return `${node.level}/${node.index}`;
}
