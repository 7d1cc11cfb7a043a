import { parseNote, verifyNote } from "../../../isomorphic/ledger/signed-note.js";
import { parseCosignerVerifierKey, type CosignatureVerifier } from "../../witness/cosignature.js";
import { TLOG_SIZE_CONTENT_TYPE } from "../../witness/witness.js";

/**
 * The log's side of C2SP tlog-witness `add-checkpoint`. `post` is how the request travels: real
 * HTTP (fetch) for external witnesses, a direct call for the in-process one, so both go through
 * exactly the same protocol text.
 */
export type WitnessTransport = (body: string) => Promise<{ status: number; contentType: string; body: string }>;

export type Submission =
  | { kind: "cosigned"; line: string; timestamp: number }
  | { kind: "conflict"; knownSize: number }
  | { kind: "refused"; reason: string };

export function httpTransport(submissionPrefix: string, timeoutMs = 10_000): WitnessTransport {
  return async (body) => {
    const response = await fetch(`${submissionPrefix}/add-checkpoint`, { method: "POST", body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", body: await response.text() };
  };
}

export class WitnessClient {
  readonly name: string;
  readonly verifier: CosignatureVerifier;

  constructor(
    verifierKey: string,
    private readonly transport: WitnessTransport,
    /** Where the witness is, for the operator: its submission prefix, or "in-process". */
    readonly url: string,
  ) {
    this.verifier = parseCosignerVerifierKey(verifierKey);
    this.name = this.verifier.name;
  }

  /**
   * Sends the checkpoint with a consistency proof from `oldSize`. Only a cosignature from this
   * witness's key that verifies over this checkpoint counts; anything else is a refusal.
   */
  async submit(oldSize: number, proof: readonly string[], note: string): Promise<Submission> {
    const answer = await this.transport([`old ${oldSize}`, ...proof, "", note].join("\n"));
    if (answer.status === 409 && answer.contentType.startsWith(TLOG_SIZE_CONTENT_TYPE)) {
      const knownSize = Number(answer.body.trim());
      if (Number.isSafeInteger(knownSize) && knownSize >= 0) return { kind: "conflict", knownSize };
    }
    if (answer.status !== 200) return { kind: "refused", reason: `HTTP ${answer.status}: ${answer.body.trim().slice(0, 200)}` };
    const lines = answer.body.split("\n").filter(Boolean).map((line) => `${line}\n`);
    for (const line of lines) {
      const cosigned = `${note}${line}`;
      const check = verifyNote(cosigned, [this.verifier]);
      if (!check.ok || check.verified.length !== 1) continue;
      const signature = parseNote(cosigned).signatures.at(-1)!;
      return { kind: "cosigned", line, timestamp: this.verifier.timestampOf(signature.signature)! };
    }
    return { kind: "refused", reason: "the answer carries no cosignature that verifies with the witness key" };
  }
}
