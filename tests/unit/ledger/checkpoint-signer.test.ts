import { describe, expect, it } from "vitest";
import { openCheckpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { CheckpointRefusedError, CheckpointSigner } from "../../../server/ledger/checkpoint-signer.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { EMPTY_TREE_ROOT } from "../../../isomorphic/ledger/hashing.js";
import { parseVerifierKey } from "../../../isomorphic/ledger/note-keys.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { nodeLedgerCrypto, sha256 } from "../../../server/ledger/node-crypto.js";
import { buildTree, flipBit } from "./support.js";

const ORIGIN = "evidence.example.cn/log";
const keys = generateNoteKeys(ORIGIN);
const signer = parseSignerKey(keys.signerKey).signer;
const verifier = parseVerifierKey(keys.verifierKey, nodeLedgerCrypto);
const { store, rootAt } = buildTree(100);
const proofFrom = (from: number, to: number) => generateConsistencyProof(from, to, store.reader, sha256);

function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => "signed",
    (error: unknown) => (error instanceof CheckpointRefusedError ? error.refusal : `unexpected ${String(error)}`),
  );
}

describe("CheckpointSigner", () => {
  it("signs a growing log, checking each step with a consistency proof", async () => {
    const log = new CheckpointSigner({ origin: ORIGIN, signers: [signer] });
    const first = await log.sign({ size: 10, rootHash: rootAt(10) });
    const second = await log.sign({ size: 37, rootHash: rootAt(37) }, proofFrom);
    const third = await log.sign({ size: 64, rootHash: rootAt(64) }, await proofFrom(37, 64));
    expect(openCheckpoint(first, [verifier])).toMatchObject({ ok: true, checkpoint: { size: 10 } });
    expect(openCheckpoint(second, [verifier])).toMatchObject({ ok: true, checkpoint: { size: 37 } });
    expect(openCheckpoint(third, [verifier])).toMatchObject({ ok: true, checkpoint: { size: 64 } });
    expect(log.lastSigned?.size).toBe(64);
    // the same tree head again is fine (e.g. a re-signed checkpoint with a new extension)
    expect(await refusal(log.sign({ size: 64, rootHash: rootAt(64), extensions: ["again"] }))).toBe("signed");
  });

  it("refuses a smaller tree, another root for the same size, and a proof that does not verify", async () => {
    const log = new CheckpointSigner({ origin: ORIGIN, signers: [signer] });
    await log.sign({ size: 50, rootHash: rootAt(50) });
    expect(await refusal(log.sign({ size: 49, rootHash: rootAt(49) }))).toBe("smaller-size");
    expect(await refusal(log.sign({ size: 50, rootHash: rootAt(51) }))).toBe("different-root");
    expect(await refusal(log.sign({ size: 60, rootHash: rootAt(60) }, []))).toBe("inconsistent");
    expect(await refusal(log.sign({ size: 60, rootHash: flipBit(rootAt(60), 3) }, proofFrom))).toBe("inconsistent");
    const proof = await proofFrom(50, 60);
    expect(await refusal(log.sign({ size: 60, rootHash: rootAt(60) }, [flipBit(proof[0], 0), ...proof.slice(1)]))).toBe("inconsistent");
    expect(log.lastSigned?.size).toBe(50);
    expect(await refusal(log.sign({ size: 60, rootHash: rootAt(60) }, proof))).toBe("signed");
  });

  it("resumes from the last checkpoint it stored", async () => {
    const before = new CheckpointSigner({ origin: ORIGIN, signers: [signer] });
    const stored = await before.sign({ size: 20, rootHash: rootAt(20) });
    const after = new CheckpointSigner({ origin: ORIGIN, signers: [signer], lastSigned: stored });
    expect(await refusal(after.sign({ size: 20, rootHash: rootAt(21) }))).toBe("different-root");
    expect(await refusal(after.sign({ size: 30, rootHash: rootAt(30) }, proofFrom))).toBe("signed");
    expect(() => new CheckpointSigner({ origin: "other.example/log", signers: [signer], lastSigned: stored })).toThrow(CheckpointRefusedError);
  });

  it("serialises concurrent calls, so two cannot both extend the same checkpoint", async () => {
    const log = new CheckpointSigner({ origin: ORIGIN, signers: [signer] });
    await log.sign({ size: 10, rootHash: rootAt(10) });
    const outcomes = await Promise.all([
      refusal(log.sign({ size: 40, rootHash: rootAt(40) }, proofFrom)),
      refusal(log.sign({ size: 30, rootHash: rootAt(30) }, proofFrom)),
    ]);
    expect(outcomes).toEqual(["signed", "smaller-size"]);
  });

  it("accepts any first tree after an empty one, but only the true empty root at size 0", async () => {
    const log = new CheckpointSigner({ origin: ORIGIN, signers: [signer] });
    expect(await refusal(log.sign({ size: 0, rootHash: rootAt(1) }))).toBe("bad-empty-root");
    expect(await refusal(log.sign({ size: 0, rootHash: EMPTY_TREE_ROOT }))).toBe("signed");
    expect(await refusal(log.sign({ size: 5, rootHash: rootAt(5) }))).toBe("signed");
  });
});
