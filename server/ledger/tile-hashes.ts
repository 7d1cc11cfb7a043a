/**
 * Tile contents (C2SP tlog-tiles): a tile is its hashes concatenated, 32 bytes each.
 *
 * The server reads a tile's hashes from its stored tile-row nodes. A client holding only tiles
 * reads any perfect subtree hash through `createTileHashReader`, which plugs into the proof
 * generators, so anyone can rebuild inclusion and consistency proofs from the static tiles and check
 * them against a signed checkpoint. Tiles are untrusted input: a wrong tile only yields a proof that
 * fails verification.
 */
import { HASH_SIZE, hashChildren } from "../../isomorphic/ledger/hashing.js";
import type { NodeHashReader } from "../../isomorphic/ledger/proof-plan.js";
import type { NodeId } from "../../isomorphic/ledger/tree-math.js";
import { sha256 } from "./node-crypto.js";
import { locateNode, TILE_WIDTH, tilePath, type TileId } from "./tiles.js";

/** Hash `node` computed from the bytes of the tile `locateNode` names for it. */
export function hashFromTile(tileData: Uint8Array, node: NodeId, treeSize: number): Uint8Array {
  const { tile, offset, count } = locateNode(node, treeSize);
  if (tileData.length < (offset + count) * HASH_SIZE) throw new RangeError(`tile ${tilePath(tile)} is too short`);
  let row = Array.from({ length: count }, (_, i) => tileData.subarray((offset + i) * HASH_SIZE, (offset + i + 1) * HASH_SIZE));
  while (row.length > 1) row = Array.from({ length: row.length / 2 }, (_, i) => hashChildren(row[2 * i], row[2 * i + 1], sha256));
  return Uint8Array.from(row[0]);
}

/** Fetches a tile's bytes, e.g. `GET <prefix>/<tilePath(tile)>`. */
export type TileFetcher = (tile: TileId) => Promise<Uint8Array>;

/**
 * A `NodeHashReader` over the tiles of a tree of `treeSize` leaves. Each tile is fetched once per
 * reader. A fetched tile must be exactly its width, or a full tile (the spec lets a client fall back
 * to the full tile once a partial one is gone); anything else is refused.
 */
export function createTileHashReader(treeSize: number, fetchTile: TileFetcher): NodeHashReader {
  const tiles = new Map<string, Promise<Uint8Array>>();
  const load = (tile: TileId) => {
    const path = tilePath(tile);
    let pending = tiles.get(path);
    if (!pending) {
      pending = fetchTile(tile).then((data) => {
        if (data.length !== tile.width * HASH_SIZE && data.length !== TILE_WIDTH * HASH_SIZE) {
          throw new RangeError(`tile ${path} has ${data.length} bytes, expected ${tile.width * HASH_SIZE}`);
        }
        return data;
      });
      tiles.set(path, pending);
      pending.catch(() => tiles.delete(path)); // a failed fetch may be retried by the next read
    }
    return pending;
  };
  return async (level, index) => {
    const node = { level, index };
    const data = await load(locateNode(node, treeSize).tile);
    return hashFromTile(data, node, treeSize);
  };
}
