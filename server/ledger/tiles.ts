/**
 * C2SP tlog-tiles coordinates: which tile holds which hash, and the tile URL paths.
 *
 * Tiles have height 8: a tile at level L holds up to 256 consecutive hashes of *tree* level 8·L
 * (level 0 = leaf hashes); the n-th tile of level L covers leaves [n·256^(L+1), (n+1)·256^(L+1)).
 * Tree levels in between are recomputed by hashing inside one tile. For a tree of size s the
 * rightmost tile of level L is partial, with width floor(s / 256^L) mod 256; partial tiles carry
 * `.p/<W>` in their path. Entry bundles use the level-0 numbering.
 *
 *   tile/<L>/<N>[.p/<W>]      N as 3-digit groups, all but the last prefixed with x:
 *   tile/entries/<N>[.p/<W>]  1234067 → x001/x234/067
 */
import { consistencyProofPlan } from "../../isomorphic/ledger/consistency.js";
import { LedgerFormatError } from "../../isomorphic/ledger/errors.js";
import { inclusionProofPlan } from "../../isomorphic/ledger/inclusion.js";
import { planNodes } from "../../isomorphic/ledger/proof-plan.js";
import { formatTileIndex, TILE_WIDTH, widthSuffix } from "../../isomorphic/ledger/tile-paths.js";
import type { NodeId } from "../../isomorphic/ledger/tree-math.js";

export { entryBundlePath, formatTileIndex, TILE_WIDTH } from "../../isomorphic/ledger/tile-paths.js";

export const TILE_HEIGHT = 8;
/** Tile levels are 0..63 by the spec; 2^53 leaves need no more than level 6. */
export const MAX_TILE_LEVEL = 63;

export interface TileId {
  /** Tile level L: the tile holds hashes of tree level 8·L. Entry bundles use 0. */
  readonly level: number;
  /** Tile index N within its level. */
  readonly index: number;
  /** Number of hashes (or entries): 256 for a full tile, 1..255 for a partial one. */
  readonly width: number;
}

/** Number of complete hashes of tile level `level` in a tree of `treeSize` leaves. */
function hashesAtTileLevel(level: number, treeSize: number): number {
  return Math.floor(treeSize / TILE_WIDTH ** level);
}

/** The tile (level, index) as it exists in a tree of `treeSize`; null if it has no hash yet. */
export function tileInTree(level: number, index: number, treeSize: number): TileId | null {
  const width = Math.min(TILE_WIDTH, hashesAtTileLevel(level, treeSize) - index * TILE_WIDTH);
  return width > 0 ? { level, index, width } : null;
}

/** Where perfect subtree `node` lives in the tiles of a tree of `treeSize` leaves. */
export function locateNode(node: NodeId, treeSize: number): { tile: TileId; offset: number; count: number } {
  const level = Math.floor(node.level / TILE_HEIGHT);
  const count = 2 ** (node.level - level * TILE_HEIGHT); // tile-row hashes under this node
  const first = node.index * count; // index of the first of them in tree level 8·L
  const index = Math.floor(first / TILE_WIDTH);
  const tile = tileInTree(level, index, treeSize);
  if (!tile || first - index * TILE_WIDTH + count > tile.width) {
    throw new RangeError(`node ${node.level}/${node.index} is not complete in a tree of size ${treeSize}`);
  }
  return { tile, offset: first - index * TILE_WIDTH, count };
}

/** The distinct tiles holding `nodes` in a tree of `treeSize` leaves. */
export function tilesForNodes(nodes: readonly NodeId[], treeSize: number): TileId[] {
  const tiles = new Map<string, TileId>();
  for (const node of nodes) {
    const { tile } = locateNode(node, treeSize);
    tiles.set(tilePath(tile), tile);
  }
  return [...tiles.values()];
}

export function tilesForInclusionProof(index: number, treeSize: number): TileId[] {
  return tilesForNodes(planNodes(inclusionProofPlan(index, treeSize)), treeSize);
}

export function tilesForConsistencyProof(size1: number, size2: number): TileId[] {
  if (size1 === size2) return [];
  return tilesForNodes(planNodes(consistencyProofPlan(size1, size2)), size2);
}

/** The entry bundle holding entry `index` in a log of `treeSize` entries. */
export function entryBundleForIndex(index: number, treeSize: number): TileId {
  if (!Number.isSafeInteger(index) || index < 0 || index >= treeSize) throw new RangeError(`entry ${index} is not in a log of ${treeSize}`);
  return tileInTree(0, Math.floor(index / TILE_WIDTH), treeSize)!;
}

export function tilePath(tile: TileId): string {
  if (!Number.isInteger(tile.level) || tile.level < 0 || tile.level > MAX_TILE_LEVEL) throw new RangeError(`tile level ${tile.level} is not 0..63`);
  return `tile/${tile.level}/${formatTileIndex(tile.index)}${widthSuffix(tile.width)}`;
}

const TILE_PATH = /^tile\/(entries|0|[1-9][0-9]?)\/((?:x[0-9]{3}\/)*[0-9]{3})(?:\.p\/([1-9][0-9]{0,2}))?$/;

/** Parses a tile or entry-bundle path (as served, without the URL prefix). Throws `LedgerFormatError`. */
export function parseTilePath(path: string): { kind: "hashes" | "entries"; tile: TileId } {
  const match = TILE_PATH.exec(path);
  if (!match) throw new LedgerFormatError(`not a tile path: ${path}`);
  const [, levelText, indexText, widthText] = match;
  const groups = indexText.replaceAll("x", "").split("/");
  if (groups.length > 1 && groups[0] === "000") throw new LedgerFormatError(`tile index has a leading zero group: ${path}`);
  const index = Number(groups.join(""));
  const width = widthText === undefined ? TILE_WIDTH : Number(widthText);
  const level = levelText === "entries" ? 0 : Number(levelText);
  if (!Number.isSafeInteger(index) || level > MAX_TILE_LEVEL || (widthText !== undefined && width >= TILE_WIDTH)) throw new LedgerFormatError(`tile path out of range: ${path}`);
  return { kind: levelText === "entries" ? "entries" : "hashes", tile: { level, index, width } };
}
