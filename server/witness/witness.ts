import { openCheckpoint } from "../../isomorphic/ledger/checkpoint.js";
import { checkConsistencyProof } from "../../isomorphic/ledger/consistency.js";
import { bytesEqual, decodeBase64, encodeBase64, parseDecimal } from "../../isomorphic/ledger/encoding.js";
import { parseVerifierKey, type NoteVerifier } from "../../isomorphic/ledger/note-keys.js";
import { parseNote } from "../../isomorphic/ledger/signed-note.js";
import { nodeLedgerCrypto, sha256 } from "../ledger/node-crypto.js";
import { cosignatureLine, type CosignerKey } from "./cosignature.js";
import type { WitnessStateStore } from "./witness-state.js";

/**
 * The C2SP tlog-witness `add-checkpoint` rules, independent of HTTP: parse the request body, check
 * the log's signature, the old size against what this witness last cosigned, and the consistency
 * proof, then persist and cosign. Each refusal carries the status code the protocol prescribes.
 */
export const TLOG_SIZE_CONTENT_TYPE = "text/x.tlog.size";
/** The protocol lets clients send at most 63 proof lines. */
const MAX_PROOF_LINES = 63;

export type WitnessAnswer =
  | { status: 200; body: string; contentType: "text/plain; charset=utf-8" }
  | { status: 409; body: string; contentType: typeof TLOG_SIZE_CONTENT_TYPE }
  | { status: 400 | 403 | 404 | 409 | 422; body: string; contentType: "text/plain; charset=utf-8" };

const TEXT = "text/plain; charset=utf-8" as const;
const refuse = (status: 400 | 403 | 404 | 409 | 422, reason: string): WitnessAnswer => ({ status, body: `${reason}\n`, contentType: TEXT });

interface ParsedRequest {
  readonly oldSize: number;
  readonly proof: Uint8Array[];
  readonly note: string;
}

/** `old <size>\n`, proof lines, an empty line, then the signed checkpoint. Throws on malformed input. */
export function parseAddCheckpointBody(body: string): ParsedRequest {
  const blank = body.indexOf("\n\n");
  if (blank < 0) throw new Error("the body needs an empty line between the proof and the checkpoint");
  const [oldLine, ...proofLines] = body.slice(0, blank).split("\n");
  if (!oldLine.startsWith("old ")) throw new Error("the body starts with an old size line: old <size>");
  const oldSize = parseDecimal(oldLine.slice(4), "the old size");
  if (proofLines.length > MAX_PROOF_LINES) throw new Error(`at most ${MAX_PROOF_LINES} consistency proof lines`);
  const proof = proofLines.map((line) => decodeBase64(line, "a consistency proof line"));
  return { oldSize, proof, note: body.slice(blank + 2) };
}

export interface WitnessOptions {
  readonly cosigner: CosignerKey;
  /** The logs this witness cosigns for, each known by its origin and its verifier key(s). */
  readonly logs: readonly { origin?: string; verifierKeys: readonly string[] }[];
  readonly store: WitnessStateStore;
  readonly now?: () => number;
}

export class Witness {
  readonly name: string;
  readonly verifierKey: string;
  readonly #cosigner: CosignerKey;
  readonly #logs = new Map<string, NoteVerifier[]>();
  readonly #store: WitnessStateStore;
  readonly #now: () => number;

  constructor(options: WitnessOptions) {
    this.#cosigner = options.cosigner;
    this.name = options.cosigner.name;
    this.verifierKey = options.cosigner.verifierKey;
    this.#store = options.store;
    this.#now = options.now ?? Date.now;
    for (const log of options.logs) {
      const verifiers = log.verifierKeys.map((key) => parseVerifierKey(key, nodeLedgerCrypto));
      // A log's origin is the name of its key unless given otherwise (as for this platform's ledger).
      const origin = log.origin ?? verifiers[0]?.name;
      if (!origin) throw new Error("a witnessed log needs an origin or a verifier key");
      this.#logs.set(origin, [...(this.#logs.get(origin) ?? []), ...verifiers]);
    }
  }

  /** Origins this witness knows. */
  get origins(): string[] {
    return [...this.#logs.keys()];
  }

  latest(origin: string) {
    return this.#store.get(origin);
  }

  addCheckpoint(body: string): WitnessAnswer {
    let request: ParsedRequest;
    try {
      request = parseAddCheckpointBody(body);
    } catch (error) {
      return refuse(400, (error as Error).message);
    }
    let origin: string;
    try {
      origin = parseNote(request.note).text.split("\n", 1)[0];
    } catch (error) {
      return refuse(400, (error as Error).message);
    }
    const verifiers = this.#logs.get(origin);
    if (!verifiers) return refuse(404, `unknown log origin ${origin}`);
    const opened = openCheckpoint(request.note, verifiers);
    if (!opened.ok) {
      return opened.failure === "malformed" ? refuse(400, opened.detail) : refuse(403, `checkpoint signature does not verify: ${opened.detail}`);
    }
    const { checkpoint } = opened;
    if (checkpoint.origin !== origin) return refuse(400, "checkpoint origin line does not match");
    if (request.oldSize > checkpoint.size) return refuse(400, `old size ${request.oldSize} is larger than the checkpoint size ${checkpoint.size}`);

    const known = this.#store.get(origin);
    const knownSize = known?.size ?? 0;
    if (request.oldSize !== knownSize) return { status: 409, body: `${knownSize}\n`, contentType: TLOG_SIZE_CONTENT_TYPE };
    if (request.oldSize === 0) {
      if (request.proof.length > 0) return refuse(422, "the consistency proof must be empty when the old size is 0");
    } else if (request.oldSize === checkpoint.size) {
      if (!bytesEqual(decodeBase64(known!.rootHash), checkpoint.rootHash)) return refuse(409, "same size as the latest cosigned checkpoint but a different root hash");
      if (request.proof.length > 0) return refuse(422, "the consistency proof must be empty for an unchanged size");
    } else {
      const check = checkConsistencyProof({
        size1: request.oldSize,
        size2: checkpoint.size,
        rootHash1: decodeBase64(known!.rootHash),
        rootHash2: checkpoint.rootHash,
        proof: request.proof,
      }, sha256);
      if (!check.ok) return refuse(422, `consistency proof does not verify (${check.failure})`);
    }

    const now = this.#now();
    const updated = this.#store.compareAndSet(origin, knownSize, { size: checkpoint.size, rootHash: encodeBase64(checkpoint.rootHash), note: request.note, updatedAt: now });
    if (!updated.ok) return { status: 409, body: `${updated.currentSize}\n`, contentType: TLOG_SIZE_CONTENT_TYPE };
    const signature = this.#cosigner.cosign(opened.note.text, Math.floor(now / 1000));
    return { status: 200, body: cosignatureLine(this.#cosigner, signature), contentType: TEXT };
  }
}
