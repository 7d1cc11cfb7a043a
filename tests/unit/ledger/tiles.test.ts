import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeEntryBundle, splitEntryBundle } from "../../../server/ledger/entry-bundle.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { createTileHashReader } from "../../../server/ledger/tile-hashes.js";
import {
  entryBundleForIndex,
  entryBundlePath,
  formatTileIndex,
  parseTilePath,
  tileInTree,
  tilePath,
  tilesForConsistencyProof,
  tilesForInclusionProof,
  type TileId,
} from "../../../server/ledger/tiles.js";
import { checkConsistencyProof, generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { LedgerFormatError } from "../../../isomorphic/ledger/errors.js";
import { entryLocation } from "../../../isomorphic/ledger/tile-paths.js";
import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { checkInclusionProof, generateInclusionProof } from "../../../isomorphic/ledger/inclusion.js";
import { anyTreeSize, buildTree, encodeTile, OneLeafTree, PROPERTY_TIMEOUT, tileNodes } from "./support.js";

describe("tile paths", () => {
  it.each([
    [0, "000"],
    [5, "005"],
    [999, "999"],
    [1000, "x001/000"],
    [1234067, "x001/x234/067"],
    [Number.MAX_SAFE_INTEGER, "x009/x007/x199/x254/x740/991"],
  ])("tile index %d → %s", (index, encoded) => {
    expect(formatTileIndex(index)).toBe(encoded);
  });

  it.each([
    [{ level: 0, index: 1234067, width: 256 }, "tile/0/x001/x234/067"],
    [{ level: 2, index: 0, width: 17 }, "tile/2/000.p/17"],
    [{ level: 63, index: 1000, width: 1 }, "tile/63/x001/000.p/1"],
  ])("%j ↔ %s", (tile, path) => {
    expect(tilePath(tile)).toBe(path);
    expect(parseTilePath(path)).toEqual({ kind: "hashes", tile });
  });

  it("names entry bundles like level-0 tiles", () => {
    expect(entryBundlePath({ index: 1234067, width: 256 })).toBe("tile/entries/x001/x234/067");
    expect(entryBundlePath({ index: 3, width: 112 })).toBe("tile/entries/003.p/112");
    expect(parseTilePath("tile/entries/003.p/112")).toEqual({ kind: "entries", tile: { level: 0, index: 3, width: 112 } });
  });

  it.each([
    { index: 0, treeSize: 1, located: { path: "tile/entries/000.p/1", bundle: 0, position: 0 } },
    { index: 255, treeSize: 256, located: { path: "tile/entries/000", bundle: 0, position: 255 } },
    { index: 300, treeSize: 1000, located: { path: "tile/entries/001", bundle: 1, position: 44 } },
    { index: 900, treeSize: 1000, located: { path: "tile/entries/003.p/232", bundle: 3, position: 132 } },
  ])("entry $index of a log of $treeSize is published in $located.path", ({ index, treeSize, located }) => {
    expect(entryLocation(index, treeSize)).toEqual(located);
    expect(entryBundlePath(entryBundleForIndex(index, treeSize))).toBe(located.path);
  });

  it("no entry is published beyond the log's size", () => {
    expect(() => entryLocation(5, 5)).toThrow(RangeError);
  });

  it.each(["tile/0/5", "tile/0/0005", "tile/00/000", "tile/64/000", "tile/0/x000/005", "tile/0/000.p/0", "tile/0/000.p/256", "tile/0/000.p/017", "tile/0/001/000", "tile/entries/x1/000", "/tile/0/000"])(
    "refuses %s",
    (path) => {
      expect(() => parseTilePath(path)).toThrow(LedgerFormatError);
    },
  );
});

describe("tile coordinates", () => {
  /** Every tile of a tree of `size` leaves, lowest level first. */
  const allTiles = (size: number) => {
    const tiles: TileId[] = [];
    for (let level = 0; tileInTree(level, 0, size); level += 1) {
      for (let index = 0, tile = tileInTree(level, 0, size); tile; index += 1, tile = tileInTree(level, index, size)) tiles.push(tile);
    }
    return tiles;
  };
  const describeTiles = (tiles: TileId[]) => {
    const counts = new Map<string, number>();
    for (const tile of tiles) {
      const key = `L${tile.level} ${tile.width === 256 ? "full" : `partial ${tile.width}`}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return Object.fromEntries(counts);
  };

  it("matches the spec's example of a tree of 70,000 leaves", () => {
    expect(describeTiles(allTiles(70_000))).toEqual({ "L0 full": 273, "L0 partial 112": 1, "L1 full": 1, "L1 partial 17": 1, "L2 partial 1": 1 });
  });

  it("matches the spec's example of a tree of 256 leaves", () => {
    expect(allTiles(256)).toEqual([
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 0, width: 1 },
    ]);
  });

  it("finds the entry bundle of an entry", () => {
    expect(entryBundleForIndex(70_000 - 1, 70_000)).toEqual({ level: 0, index: 273, width: 112 });
    expect(entryBundleForIndex(255, 70_000)).toEqual({ level: 0, index: 0, width: 256 });
    expect(() => entryBundleForIndex(70_000, 70_000)).toThrow(RangeError);
  });
});

/** Serves the tiles of a tree from a node reader, counting what was fetched. */
function tileServer(getNode: (level: number, index: number) => Promise<Uint8Array> | Uint8Array) {
  const fetched: string[] = [];
  const fetchTile = async (tile: TileId) => {
    fetched.push(tilePath(tile));
    return encodeTile(await Promise.all(tileNodes(tile).map((node) => getNode(node.level, node.index))));
  };
  return { fetched, fetchTile };
}

describe("proofs from tiles alone", () => {
  const { leafHashes, store, rootAt } = buildTree(70_000);

  it("rebuild the same inclusion proofs, fetching exactly the tiles named in advance", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 70_000 }).chain((size) => fc.tuple(fc.constant(size), fc.nat(size - 1))), async ([size, index]) => {
        const server = tileServer((level, i) => store.get(level, i));
        const proof = await generateInclusionProof(index, size, createTileHashReader(size, server.fetchTile), sha256);
        expect(proof).toEqual(await generateInclusionProof(index, size, store.reader, sha256));
        expect(checkInclusionProof({ leafHash: leafHashes[index], index, treeSize: size, proof, rootHash: rootAt(size) }, sha256).ok).toBe(true);
        expect(server.fetched.sort()).toEqual(tilesForInclusionProof(index, size).map(tilePath).sort());
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it("rebuild the same consistency proofs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 70_000 }).chain((size2) => fc.tuple(fc.integer({ min: 1, max: size2 }), fc.constant(size2))), async ([size1, size2]) => {
        const server = tileServer((level, i) => store.get(level, i));
        const proof = await generateConsistencyProof(size1, size2, createTileHashReader(size2, server.fetchTile), sha256);
        expect(proof).toEqual(await generateConsistencyProof(size1, size2, store.reader, sha256));
        expect(checkConsistencyProof({ size1, size2, rootHash1: rootAt(size1), rootHash2: rootAt(size2), proof }, sha256).ok).toBe(true);
        expect(server.fetched.sort()).toEqual(tilesForConsistencyProof(size1, size2).map(tilePath).sort());
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it("work for trees of any size up to 2^53 - 1", async () => {
    await fc.assert(
      fc.asyncProperty(anyTreeSize.chain((size) => fc.tuple(fc.constant(size), fc.integer({ min: 0, max: size - 1 }))), async ([size, index]) => {
        const tree = new OneLeafTree(index);
        const server = tileServer((level, i) => tree.nodeHash(level, i));
        const proof = await generateInclusionProof(index, size, createTileHashReader(size, server.fetchTile), sha256);
        expect(checkInclusionProof({ leafHash: tree.nodeHash(0, index), index, treeSize: size, proof, rootHash: tree.root(size) }, sha256).ok).toBe(true);
        expect(server.fetched.length).toBeLessThanOrEqual(2 * 7);
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it("accept a full tile in place of a gone partial one, and refuse a tile of the wrong length", async () => {
    const reader = createTileHashReader(300, async (tile) => encodeTile(tileNodes({ ...tile, width: 256 }).map((node) => store.get(node.level, node.index))));
    expect(await reader(0, 299)).toEqual(leafHashes[299]);
    const broken = createTileHashReader(300, async () => new Uint8Array(32 * 3));
    await expect(broken(0, 0)).rejects.toThrow(/bytes/);
    await expect(reader(0, 300)).rejects.toThrow(/not complete/);
  });
});

describe("entry bundles", () => {
  it("round-trip entries behind big-endian uint16 lengths", () => {
    const entries = [new Uint8Array(), new TextEncoder().encode("证据"), new Uint8Array(65_535).fill(7)];
    const bundle = encodeEntryBundle(entries);
    expect([...bundle.subarray(0, 4)]).toEqual([0, 0, 0, 6]);
    expect(splitEntryBundle(bundle, 3)).toEqual(entries);
  });

  it("hash to the level-0 tile of the same index", () => {
    const { leaves, store } = buildTree(300);
    const bundle = encodeEntryBundle(leaves.slice(256));
    const tile = encodeTile(tileNodes({ level: 0, index: 1, width: 44 }).map((node) => store.get(node.level, node.index)));
    expect(encodeTile(splitEntryBundle(bundle, 44).map((leaf) => hashLeaf(leaf, sha256)))).toEqual(tile);
  });

  it("refuses truncated bundles, miscounted bundles and oversized entries", () => {
    const bundle = encodeEntryBundle([new Uint8Array(10)]);
    expect(() => splitEntryBundle(bundle.subarray(0, 11))).toThrow(LedgerFormatError);
    expect(() => splitEntryBundle(bundle.subarray(0, 1))).toThrow(LedgerFormatError);
    expect(() => splitEntryBundle(bundle, 2)).toThrow(LedgerFormatError);
    expect(() => encodeEntryBundle([new Uint8Array(65_536)])).toThrow(RangeError);
  });
});
