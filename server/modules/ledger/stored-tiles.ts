import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import type { NodeHashReader } from "../../../isomorphic/ledger/proof-plan.js";
import { sha256 } from "../../ledger/node-crypto.js";
import { createTileHashReader } from "../../ledger/tile-hashes.js";
import { TILE_WIDTH, tilePath, type TileId } from "../../ledger/tiles.js";
import { ledgerRepository, type LedgerDb } from "./ledger.repository.js";

/**
 * Tiles as stored, for the HTTP tile endpoints and for proofs. Proofs are generated through the
 * same tile reader a client uses (server/ledger/tile-hashes.ts), so what the server proves is
 * exactly what its published tiles prove.
 *
 * Tile level 0 is the entries' leaf hashes, computed from the stored entries (about a
 * millisecond for a full tile), so an entry changed on disk changes what the tree proves.
 * Full tiles never change, so the most recently used ones are kept in memory; only tiles read
 * outside a transaction are cached, so a rolled-back block can never leave a tile behind.
 */
export class FullTileCache {
  readonly #tiles = new Map<string, Uint8Array>();
  constructor(readonly capacity = 1024) {}

  get(path: string): Uint8Array | undefined {
    const tile = this.#tiles.get(path);
    if (tile) {
      this.#tiles.delete(path); // re-insert: Map order is the recency order
      this.#tiles.set(path, tile);
    }
    return tile;
  }

  set(path: string, tile: Uint8Array): void {
    this.#tiles.set(path, tile);
    if (this.#tiles.size > this.capacity) this.#tiles.delete(this.#tiles.keys().next().value!);
  }
}

/** The tile's hashes from the database, or null when the tree does not have them yet. */
export async function readStoredTile(db: LedgerDb, tile: TileId, cache?: FullTileCache): Promise<Uint8Array | null> {
  const cacheable = cache && tile.width === TILE_WIDTH;
  const path = tilePath(tile);
  const cached = cacheable ? cache.get(path) : undefined;
  if (cached) return cached;
  const data = tile.level === 0 ? await leafTile(db, tile) : await ledgerRepository.nodeTileHashes(db, tile);
  if (data && cacheable) cache.set(path, data);
  return data;
}

async function leafTile(db: LedgerDb, tile: TileId): Promise<Uint8Array | null> {
  const entries = await ledgerRepository.entries(db, tile.index * TILE_WIDTH, tile.width);
  return entries.length === tile.width ? Buffer.concat(entries.map((entry) => hashLeaf(entry, sha256))) : null;
}

/** Perfect-subtree hashes of the tree of `treeSize` leaves, read from the stored tiles. */
export function storedNodeReader(db: LedgerDb, treeSize: number, cache?: FullTileCache): NodeHashReader {
  return createTileHashReader(treeSize, async (tile) => {
    const data = await readStoredTile(db, tile, cache);
    if (!data) throw new Error(`ledger tile ${tilePath(tile)} is missing from the database`);
    return data;
  });
}
