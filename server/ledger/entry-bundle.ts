/**
 * C2SP tlog-tiles entry bundles: the entries of one level-0 tile, each prefixed by its length as a
 * big-endian uint16. So an entry is at most 65,535 bytes; the server must refuse larger records.
 */
import { LedgerFormatError } from "../../isomorphic/ledger/errors.js";
import { TILE_WIDTH } from "./tiles.js";

export const MAX_ENTRY_SIZE = 0xffff;

export function encodeEntryBundle(entries: readonly Uint8Array[]): Uint8Array {
  if (entries.length < 1 || entries.length > TILE_WIDTH) throw new RangeError("an entry bundle holds 1 to 256 entries");
  const total = entries.reduce((sum, entry) => sum + 2 + entry.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const entry of entries) {
    if (entry.length > MAX_ENTRY_SIZE) throw new RangeError(`an entry is at most ${MAX_ENTRY_SIZE} bytes`);
    view.setUint16(offset, entry.length, false);
    out.set(entry, offset + 2);
    offset += 2 + entry.length;
  }
  return out;
}

/** Splits a bundle into its entries; with `width`, also checks the entry count. Throws `LedgerFormatError`. */
export function splitEntryBundle(bundle: Uint8Array, width?: number): Uint8Array[] {
  const view = new DataView(bundle.buffer, bundle.byteOffset, bundle.byteLength);
  const entries: Uint8Array[] = [];
  let offset = 0;
  while (offset < bundle.length) {
    if (offset + 2 > bundle.length) throw new LedgerFormatError("entry bundle ends inside a length prefix");
    const length = view.getUint16(offset, false);
    if (offset + 2 + length > bundle.length) throw new LedgerFormatError("entry bundle ends inside an entry");
    entries.push(bundle.slice(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  if (entries.length > TILE_WIDTH) throw new LedgerFormatError("an entry bundle holds at most 256 entries");
  if (width !== undefined && entries.length !== width) throw new LedgerFormatError(`entry bundle holds ${entries.length} entries, expected ${width}`);
  return entries;
}
