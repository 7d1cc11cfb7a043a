import type { LedgerPort } from "./ledger.types.js";

/**
 * The index of `wanted` in the log from `from` on (the log's size noted before it was appended),
 * or null when it is not there: how a writer whose append may or may not have happened before a
 * crash finds out, so it appends the entry only when it is missing.
 */
export async function findLoggedEntry(ledger: Pick<LedgerPort, "latestCheckpoint" | "entry">, wanted: Uint8Array, from: number): Promise<number | null> {
  const size = (await ledger.latestCheckpoint())?.treeSize ?? 0;
  const target = Buffer.from(wanted);
  for (let index = from; index < size; index++) {
    const entry = await ledger.entry(index);
    if (entry && target.equals(Buffer.from(entry))) return index;
  }
  return null;
}
