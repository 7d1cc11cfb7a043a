/**
 * C2SP tlog-tiles paths of entry bundles, shared by the server that serves them and the pages that
 * link to them: `tile/entries/<N>[.p/<W>]`, N as 3-digit groups, all but the last prefixed with x
 * (1234067 → x001/x234/067). The hash-tile paths and coordinates live with the log (server/ledger/tiles.ts).
 */

/** Hashes per tile, and entries per entry bundle. */
export const TILE_WIDTH = 256;

/** N as zero-padded 3-digit path elements, all but the last starting with "x". */
export function formatTileIndex(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`tile index ${index} is not a non-negative integer`);
  let digits = String(index);
  digits = digits.padStart(Math.ceil(digits.length / 3) * 3, "0");
  const groups = digits.match(/\d{3}/g)!;
  return groups.map((group, i) => (i < groups.length - 1 ? `x${group}` : group)).join("/");
}

/** "" for a full tile, `.p/<W>` for a partial one. */
export function widthSuffix(width: number): string {
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) throw new RangeError(`tile width ${width} is not 1..256`);
  return width === TILE_WIDTH ? "" : `.p/${width}`;
}

export function entryBundlePath(bundle: { readonly index: number; readonly width: number }): string {
  return `tile/entries/${formatTileIndex(bundle.index)}${widthSuffix(bundle.width)}`;
}

/**
 * Where entry `index` of a log of `treeSize` entries is published: the path of its bundle (full, or
 * partial up to the tree's size) and its position inside it.
 */
export function entryLocation(index: number, treeSize: number): { path: string; bundle: number; position: number } {
  if (!Number.isSafeInteger(index) || index < 0 || index >= treeSize) throw new RangeError(`entry ${index} is not in a log of ${treeSize}`);
  const bundle = Math.floor(index / TILE_WIDTH);
  const width = Math.min(TILE_WIDTH, treeSize - bundle * TILE_WIDTH);
  return { path: entryBundlePath({ index: bundle, width }), bundle, position: index - bundle * TILE_WIDTH };
}
