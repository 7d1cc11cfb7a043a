import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionKind } from "../../../src/schema/session.js";
import type { Database } from "../../db/database.js";
import type { SessionRepository } from "./session.repository.js";

export type ActiveSession = { tokenHash: string; subjectId: string; kind: SessionKind; lastSeenAt: number };

/**
 * A refresh within this long of the previous one is not written again: against a 30-minute idle
 * limit a second is invisible, and it spares the database a write for every call of a busy page.
 */
export const REFRESH_GRANULARITY_MS = 1000;

export type SessionLookup =
  | { ok: true; session: ActiveSession }
  | { ok: false; code: typeof ResultCode.sessionMissing | typeof ResultCode.sessionExpired | typeof ResultCode.sessionRevoked };

export type RevokeReason =
  | "logout"
  | "account-disabled"
  | "account-cancelled"
  | "password-changed"
  | "token-exposed"
  /** An operator's pending session: the second factor was given, or given wrongly too often, or a new login began. */
  | "second-factor-done"
  | "second-factor-failed"
  | "second-factor-reset"
  | "superseded"
  /** An operator ended a customer's session from the console. */
  | "ended-by-operator";

/**
 * A live session as an operator may see it: `ref` names it without being its token or its stored
 * hash (a digest of the hash), so a page can say which session to end and nothing it shows can
 * open or look up a session.
 */
export type LiveSession = { ref: string; createdAt: number; lastSeenAt: number; address: string | null };

/**
 * Server-side sessions (DESIGN.md §4): an opaque random token handed to the client, only its
 * SHA-256 kept here, valid while used at least once per idle limit (30 minutes, notary 8 hours),
 * and for the kinds that have one, no longer than their absolute limit (operators: 8 hours after
 * the sign-in however busy; SESSION_ABSOLUTE_MS).
 */
export class SessionService {
  private readonly idleLimits: Record<SessionKind, number>;

  constructor(
    private readonly repository: SessionRepository,
    private readonly now: () => number,
    idleLimits: Partial<Record<SessionKind, number>> = {},
  ) {
    this.idleLimits = { ...SESSION_IDLE_MS, ...idleLimits };
  }

  /** `origin.address`: where the login came from, shown to operators beside the session. */
  async create(subjectId: string, kind: SessionKind, origin: { address?: string } = {}): Promise<{ token: string; createdAt: number }> {
    const token = randomBytes(32).toString("base64url");
    const createdAt = this.now();
    await this.repository.insert({
      token_hash: hashToken(token),
      subject_id: subjectId,
      kind,
      created_at: createdAt,
      last_seen_at: createdAt,
      revoked_at: null,
      revoke_reason: null,
      address: origin.address ?? null,
    });
    return { token, createdAt };
  }

  /** Finds the live session of a token; `expected` is the kind the route needs. */
  async resolve(token: string | undefined, expected: SessionKind): Promise<SessionLookup> {
    if (!token) return { ok: false, code: ResultCode.sessionMissing };
    const row = await this.repository.findByTokenHash(hashToken(token));
    if (!row || row.kind !== expected) return { ok: false, code: ResultCode.sessionMissing };
    if (row.revoked_at !== null) return { ok: false, code: ResultCode.sessionRevoked };
    const absolute = SESSION_ABSOLUTE_MS[row.kind];
    if (this.now() - row.last_seen_at > this.idleLimits[row.kind] || (absolute !== undefined && this.now() - row.created_at > absolute)) {
      return { ok: false, code: ResultCode.sessionExpired };
    }
    return {
      ok: true,
      session: { tokenHash: row.token_hash, subjectId: row.subject_id, kind: row.kind, lastSeenAt: row.last_seen_at },
    };
  }

  /** Called after every successful call made with the session. */
  async refresh(session: ActiveSession): Promise<void> {
    const now = this.now();
    if (now - session.lastSeenAt < REFRESH_GRANULARITY_MS) return;
    await this.repository.touch(session.tokenHash, now);
  }

  async end(session: ActiveSession, reason: RevokeReason): Promise<void> {
    await this.repository.revoke(session.tokenHash, this.now(), reason);
  }

  /**
   * Ends every session of a subject, e.g. when an account is disabled or its password changes;
   * inside `trx` when the ending must commit with another change (an operator's, with its audit record).
   */
  async endAllOf(subjectId: string, kind: SessionKind, reason: RevokeReason, trx?: Kysely<Database>): Promise<number> {
    return this.repositoryIn(trx).revokeAllOfSubject(subjectId, kind, this.now(), reason);
  }

  /** The sessions of a subject that can still be used, newest first. */
  async listLive(subjectId: string, kind: SessionKind): Promise<LiveSession[]> {
    const rows = await this.liveRowsOf(subjectId, kind, this.repository);
    return rows.map((row) => ({ ref: sessionRef(row.token_hash), createdAt: row.created_at, lastSeenAt: row.last_seen_at, address: row.address }));
  }

  /** Ends the live session `ref` names, if it is this subject's; answers whether one ended. */
  async endOne(subjectId: string, kind: SessionKind, ref: string, reason: RevokeReason, trx?: Kysely<Database>): Promise<boolean> {
    const repository = this.repositoryIn(trx);
    const row = (await this.liveRowsOf(subjectId, kind, repository)).find((candidate) => sessionRef(candidate.token_hash) === ref);
    return row ? repository.revoke(row.token_hash, this.now(), reason) : false;
  }

  /** Neither ended, nor idle beyond the limit, nor past the kind's absolute limit (as resolve decides). */
  private async liveRowsOf(subjectId: string, kind: SessionKind, repository: SessionRepository) {
    const now = this.now();
    const absolute = SESSION_ABSOLUTE_MS[kind];
    const rows = await repository.listUnrevokedOfSubject(subjectId, kind, now - this.idleLimits[kind]);
    return rows.filter((row) => absolute === undefined || now - row.created_at <= absolute);
  }

  /** When the oldest session that can still be used began; null when none can. */
  async oldestLiveStart(): Promise<number | null> {
    const starts = await Promise.all((Object.keys(this.idleLimits) as SessionKind[]).map((kind) => this.repository.oldestLiveStart(kind, this.now() - this.idleLimits[kind])));
    const known = starts.filter((start): start is number => start !== null);
    return known.length > 0 ? Math.min(...known) : null;
  }

  /** How many sessions of each kind can be used right now (for the platform's health page). */
  async liveCounts(): Promise<Record<SessionKind, number>> {
    const now = this.now();
    const kinds = Object.keys(this.idleLimits) as SessionKind[];
    const counts = await Promise.all(
      kinds.map((kind) => {
        const absolute = SESSION_ABSOLUTE_MS[kind];
        return this.repository.countLive(kind, now - this.idleLimits[kind], absolute === undefined ? null : now - absolute);
      }),
    );
    return Object.fromEntries(kinds.map((kind, i) => [kind, counts[i]])) as Record<SessionKind, number>;
  }

  /** Ends every session whose token is one of `tokens` (found where a token must never be); answers how many. */
  async endExposed(tokens: Iterable<string>): Promise<number> {
    const hashes = [...new Set([...tokens].map(hashToken))];
    return hashes.length > 0 ? this.repository.revokeByTokenHashes(hashes, this.now(), "token-exposed") : 0;
  }

  /** Deletes rows past any use: idle beyond the limit, or revoked more than a limit ago. */
  async purgeEnded(): Promise<number> {
    let deleted = 0;
    for (const kind of Object.keys(this.idleLimits) as SessionKind[]) {
      deleted += await this.repository.deleteEndedBefore(kind, this.now() - this.idleLimits[kind]);
    }
    return deleted;
  }

  private repositoryIn(trx: Kysely<Database> | undefined): SessionRepository {
    return trx ? this.repository.in(trx) : this.repository;
  }
}

/** The name of a session for operators: a digest of its stored hash (LiveSession). */
function sessionRef(tokenHash: string): string {
  return createHash("sha256").update(`session-ref:${tokenHash}`, "utf8").digest("hex").slice(0, 32);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
