import { openCheckpoint, type Checkpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { CompactRange } from "../../ledger/compact-range.js";
import { bytesEqual, encodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import { hashChildren } from "../../../isomorphic/ledger/hashing.js";
import type { NoteVerifier } from "../../../isomorphic/ledger/note-keys.js";
import { perfectSubtrees } from "../../../isomorphic/ledger/tree-math.js";
import { sha256 } from "../../ledger/node-crypto.js";
import { LedgerIntegrityError } from "./ledger-errors.js";
import { ledgerRepository, type CheckpointRow, type LedgerDb, type StoredState } from "./ledger.repository.js";
import { storedNodeReader } from "./stored-tiles.js";

export interface CheckedLedger {
  readonly state: StoredState;
  readonly checkpoint: CheckpointRow;
  readonly parsed: Checkpoint;
}

/** Root of the tree of `size` leaves folded from the stored frontier nodes (RFC 9162 MTH). */
async function rootFromStoredNodes(db: LedgerDb, size: number): Promise<Uint8Array> {
  const read = storedNodeReader(db, size);
  const nodes = await Promise.all(perfectSubtrees(0, size).map((node) => read(node.level, node.index)));
  return nodes.reduceRight((right, left) => hashChildren(left, right, sha256));
}

const checkpointLabel = (blockHeight: number, size: number) => `第 ${blockHeight} 块检查点（大小 ${size}）`;

/**
 * The tree state and the last checkpoint row describe one signed tree: the checkpoint verifies
 * under our key and origin, its row and its text agree, and the state's size, block and frontier
 * root are the checkpoint's. Checked at start and whenever a block extends what another process wrote.
 */
export function checkStateAgainstCheckpoint(state: StoredState, checkpoint: CheckpointRow, expected: { origin: string; verifier: NoteVerifier }): Checkpoint {
  const opened = openCheckpoint(checkpoint.note, [expected.verifier]);
  if (!opened.ok) {
    throw new LedgerIntegrityError(
      `第 ${checkpoint.blockHeight} 块的检查点无法用本账本公钥 ${expected.verifier.name} 验证（${opened.failure}：${opened.detail}）；签名密钥被更换或检查点被改动`,
    );
  }
  const parsed = opened.checkpoint;
  const at = checkpointLabel(checkpoint.blockHeight, parsed.size);
  if (parsed.origin !== expected.origin) {
    throw new LedgerIntegrityError(`${at}属于日志 ${parsed.origin}，而配置的 LEDGER_ORIGIN 是 ${expected.origin}`);
  }
  if (parsed.size !== checkpoint.treeSize || encodeBase64(parsed.rootHash) !== checkpoint.rootHash) {
    throw new LedgerIntegrityError(`${at}的签名内容与同一行记录的大小 ${checkpoint.treeSize}、根哈希 ${checkpoint.rootHash} 不符`);
  }
  if (state.treeSize !== parsed.size || state.blockHeight !== checkpoint.blockHeight) {
    throw new LedgerIntegrityError(`树状态（大小 ${state.treeSize}，第 ${state.blockHeight} 块）与${at}不符`);
  }
  let stateRoot: Uint8Array;
  try {
    stateRoot = CompactRange.fromState({ size: state.treeSize, hashes: state.frontier }).root();
  } catch (error) {
    throw new LedgerIntegrityError(`树状态无法读取：${(error as Error).message}`);
  }
  if (!bytesEqual(stateRoot, parsed.rootHash)) {
    throw new LedgerIntegrityError(`树状态算出的根哈希 ${encodeBase64(stateRoot)} 与${at}的根哈希 ${encodeBase64(parsed.rootHash)} 不符`);
  }
  return parsed;
}

/**
 * Start-up check (DESIGN.md §6 crash safety). Blocks are committed whole, so a block cut short by a
 * crash has left nothing behind; what is stored must then be one consistent picture: the last
 * checkpoint verifies under our key and origin, and the tree state, the number of entries and the
 * stored tree nodes all give that checkpoint's size and root. Anything else means the data was
 * changed or lost outside the ledger, and the server refuses to sign on top of it.
 * Null for a ledger never started (no state, no checkpoint, no entries).
 */
export async function checkStoredLedger(db: LedgerDb, expected: { origin: string; verifier: NoteVerifier }): Promise<CheckedLedger | null> {
  const [state, checkpoint, extent] = await Promise.all([
    ledgerRepository.readState(db),
    ledgerRepository.lastCheckpoint(db),
    ledgerRepository.entryExtent(db),
  ]);
  if (!state && !checkpoint && extent.count === 0) return null;
  if (!state || !checkpoint) {
    throw new LedgerIntegrityError(
      `账本数据不完整（${state ? "有树状态" : "无树状态"}、${checkpoint ? "有检查点" : "无检查点"}、${extent.count} 条条目）`,
    );
  }
  const parsed = checkStateAgainstCheckpoint(state, checkpoint, expected);
  const at = checkpointLabel(checkpoint.blockHeight, parsed.size);
  if (extent.count !== parsed.size || extent.end !== parsed.size) {
    throw new LedgerIntegrityError(`数据库中有 ${extent.count} 条条目（最大序号 ${extent.end - 1}），而${at}记录了 ${parsed.size} 条`);
  }
  if (parsed.size > 0) {
    let storedRoot: Uint8Array;
    try {
      storedRoot = await rootFromStoredNodes(db, parsed.size);
    } catch (error) {
      throw new LedgerIntegrityError(`存储的树节点不完整：${(error as Error).message}`);
    }
    if (!bytesEqual(storedRoot, parsed.rootHash)) {
      throw new LedgerIntegrityError(`存储的树节点算出的根哈希 ${encodeBase64(storedRoot)} 与${at}不符`);
    }
  }
  return { state, checkpoint, parsed };
}
