/**
 * An in-memory store of perfect subtree hashes, filled by `CompactRange.append`'s node callback and
 * read through `reader` by the proof generators. For tests and benchmarks; the server keeps the same
 * data in its database. Hashes of a level live in one growing byte array (32 bytes each),
 * so a million-leaf tree costs ~64 MB rather than two million small objects.
 */
import { HASH_SIZE } from "../../isomorphic/ledger/hashing.js";
import type { NodeHashReader } from "../../isomorphic/ledger/proof-plan.js";

export class MemoryNodeStore {
  #levels: { bytes: Uint8Array; count: number }[] = [];

  /** Records node (level, index); nodes of a level must arrive in index order (as appends produce them). */
  readonly put = (level: number, index: number, hash: Uint8Array): void => {
    while (this.#levels.length <= level) this.#levels.push({ bytes: new Uint8Array(HASH_SIZE * 1024), count: 0 });
    const row = this.#levels[level];
    if (index !== row.count) throw new RangeError(`node ${level}/${index} arrived out of order (expected index ${row.count})`);
    if ((index + 1) * HASH_SIZE > row.bytes.length) {
      const grown = new Uint8Array(row.bytes.length * 2);
      grown.set(row.bytes);
      row.bytes = grown;
    }
    row.bytes.set(hash, index * HASH_SIZE);
    row.count += 1;
  };

  get(level: number, index: number): Uint8Array {
    const row = this.#levels[level];
    if (!row || !Number.isSafeInteger(index) || index < 0 || index >= row.count) {
      throw new RangeError(`node ${level}/${index} is not stored`);
    }
    return row.bytes.slice(index * HASH_SIZE, (index + 1) * HASH_SIZE);
  }

  readonly reader: NodeHashReader = async (level, index) => this.get(level, index);
}
