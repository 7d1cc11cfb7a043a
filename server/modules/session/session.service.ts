import { createHash, hash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionKind } from "../../../src/schema/session.js";
import type { Database } from "../../db/database.js";
import { LAST_SEEN_WRITE_INTERVAL_MS, LastSeenWriter } from "./last-seen-writer.js";
import { SessionCache } from "./session-cache.js";
import type { SessionEndNotice, SessionEndsChannel } from "./session-ends-channel.js";
import type { SessionRepository, SessionRow } from "./session.repository.js";

export type ActiveSession = { tokenHash: string; subjectId: string; kind: SessionKind; lastSeenAt: number };

/**
 * A refresh within this long of the previous one is not noted again: against a 30-minute idle
 * limit a second is invisible, and it spares the write-behind a note for every call of a busy page.
 */
export const REFRESH_GRANULARITY_MS = 1000;

/**
 * Purging leaves a session this long past its idle limit by the database's "last seen": another
 * process may have seen it since and not written that yet (at most one write interval and a
 * refresh granularity; a few intervals spare a slow write).
 */
const PURGE_MARGIN_MS = 5 * LAST_SEEN_WRITE_INTERVAL_MS;

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

/** What a session service needs beyond its repository and clock; all optional (a command line needs none). */
export type SessionServiceOptions = {
  idleLimits?: Partial<Record<SessionKind, number>>;
  /** Where ends are announced to the installation's other processes (Redis); none when this process is alone. */
  ends?: SessionEndsChannel;
  log?: { warn(object: object, message: string): void };
};

/**
 * Server-side sessions (DESIGN.md §4): an opaque random token handed to the client, only its
 * SHA-256 kept here, valid while used at least once per idle limit (30 minutes, notary 8 hours),
 * and for the kinds that have one, no longer than their absolute limit (operators: 8 hours after
 * the sign-in however busy; SESSION_ABSOLUTE_MS).
 *
 * Lookups are cached for a few seconds (session-cache.ts) and refreshes written behind
 * (last-seen-writer.ts), so a call with a session costs no database work in the common case
 * (issue 20). The idle rule stays exact: a session idle past its limit by this process's knowledge
 * is read again before it is refused (another process may have seen it), and one truly idle is
 * refused at the limit. Ends take effect here at once and are announced to the other processes.
 */
export class SessionService {
  private readonly idleLimits: Record<SessionKind, number>;
  private readonly cache = new SessionCache();
  private readonly lastSeen: LastSeenWriter;
  private readonly ends: SessionEndsChannel | undefined;

  constructor(
    private readonly repository: SessionRepository,
    private readonly now: () => number,
    options: SessionServiceOptions = {},
  ) {
    this.idleLimits = { ...SESSION_IDLE_MS, ...options.idleLimits };
    this.ends = options.ends;
    this.lastSeen = new LastSeenWriter(repository, options.log ?? { warn: () => {} });
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
    const tokenHash = hashToken(token);
    const now = this.now();
    const cached = this.cache.fresh(tokenHash, now);
    const lookup = this.judge(cached ?? (await this.read(tokenHash)), expected, now);
    // Idle by what this process knew: another process may have seen the session since, so the
    // database decides before the session is refused.
    if (cached && lookup.idle) return this.judge(await this.read(tokenHash), expected, now).answer;
    return lookup.answer;
  }

  /** Called after every successful call made with the session: noted now, written behind. */
  async refresh(session: ActiveSession): Promise<void> {
    const now = this.now();
    if (now - session.lastSeenAt < REFRESH_GRANULARITY_MS) return;
    this.cache.noteSeen(session.tokenHash, now);
    this.lastSeen.note(session.tokenHash, now);
  }

  async end(session: ActiveSession, reason: RevokeReason): Promise<void> {
    await this.repository.revoke(session.tokenHash, this.now(), reason);
    this.lastSeen.drop(session.tokenHash);
    this.cache.forgetToken(session.tokenHash);
    await this.ends?.announce({ subjectId: session.subjectId, kind: session.kind });
  }

  /**
   * Ends every session of a subject, e.g. when an account is disabled or its password changes;
   * inside `trx` when the ending must commit with another change (an operator's, with its audit
   * record): then call `forgetEnded` once it has committed.
   */
  async endAllOf(subjectId: string, kind: SessionKind, reason: RevokeReason, trx?: Kysely<Database>): Promise<number> {
    const ended = await this.repositoryIn(trx).revokeAllOfSubject(subjectId, kind, this.now(), reason);
    if (!trx) await this.forgetEnded([subjectId], kind);
    return ended;
  }

  /**
   * Every process drops what it cached of these subjects' sessions. For ends done in a caller's
   * transaction, after the commit: a lookup between the end and the commit still reads them live.
   */
  async forgetEnded(subjectIds: readonly string[], kind: SessionKind): Promise<void> {
    for (const subjectId of subjectIds) {
      this.forget({ subjectId, kind });
      await this.ends?.announce({ subjectId, kind });
    }
  }

  /** Drops cached sessions that ended (here or, told through the channel, in another process). */
  forget(notice: SessionEndNotice): void {
    if ("everything" in notice) this.cache.forgetEverything();
    else this.cache.forgetSubject(notice.subjectId, notice.kind);
  }

  /** Starts writing refreshes behind, every LAST_SEEN_WRITE_INTERVAL_MS. */
  startWritingBehind(): void {
    this.lastSeen.start();
  }

  /** Writes every refresh noted and not yet written (also done every interval, and on close). */
  async flushRefreshes(): Promise<void> {
    await this.lastSeen.flush();
  }

  /** A graceful stop: what was noted is written, so no refresh is lost. */
  async close(): Promise<void> {
    await this.lastSeen.close();
  }

  /** The sessions of a subject that can still be used, newest first. */
  async listLive(subjectId: string, kind: SessionKind): Promise<LiveSession[]> {
    await this.flushRefreshes();
    const rows = await this.liveRowsOf(subjectId, kind, this.repository);
    return rows.map((row) => ({ ref: sessionRef(row.token_hash), createdAt: row.created_at, lastSeenAt: row.last_seen_at, address: row.address }));
  }

  /**
   * Ends the live session `ref` names, if it is this subject's; answers whether one ended. In
   * `trx`, call `forgetEnded` once it has committed (endAllOf).
   */
  async endOne(subjectId: string, kind: SessionKind, ref: string, reason: RevokeReason, trx?: Kysely<Database>): Promise<boolean> {
    const repository = this.repositoryIn(trx);
    const row = (await this.liveRowsOf(subjectId, kind, repository)).find((candidate) => sessionRef(candidate.token_hash) === ref);
    const ended = row ? await repository.revoke(row.token_hash, this.now(), reason) : false;
    if (ended && !trx) await this.forgetEnded([subjectId], kind);
    return ended;
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
    await this.flushRefreshes();
    const starts = await Promise.all((Object.keys(this.idleLimits) as SessionKind[]).map((kind) => this.repository.oldestLiveStart(kind, this.now() - this.idleLimits[kind])));
    const known = starts.filter((start): start is number => start !== null);
    return known.length > 0 ? Math.min(...known) : null;
  }

  /** How many sessions of each kind can be used right now (for the platform's health page). */
  async liveCounts(): Promise<Record<SessionKind, number>> {
    await this.flushRefreshes();
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
    if (hashes.length === 0) return 0;
    const ended = await this.repository.revokeByTokenHashes(hashes, this.now(), "token-exposed");
    this.forget({ everything: true });
    await this.ends?.announce({ everything: true });
    return ended;
  }

  /** Deletes rows past any use: idle beyond the limit (and the margin), or revoked more than that ago. */
  async purgeEnded(): Promise<number> {
    await this.flushRefreshes();
    let deleted = 0;
    for (const kind of Object.keys(this.idleLimits) as SessionKind[]) {
      deleted += await this.repository.deleteEndedBefore(kind, this.now() - this.idleLimits[kind] - PURGE_MARGIN_MS);
    }
    return deleted;
  }

  /**
   * The session's row from the database, with this process's refreshes not yet written, kept in
   * the cache unless an end came while it was read.
   */
  private async read(tokenHash: string): Promise<SessionRow | undefined> {
    const generation = this.cache.generation;
    const row = await this.repository.findByTokenHash(tokenHash);
    if (!row) return undefined;
    const noted = this.lastSeen.pendingAt(tokenHash);
    const known = noted !== undefined && noted > row.last_seen_at ? { ...row, last_seen_at: noted } : row;
    this.cache.keep(tokenHash, known, this.now(), generation);
    return known;
  }

  /** The answer to a lookup, and whether the session was refused for idleness alone. */
  private judge(row: SessionRow | undefined, expected: SessionKind, now: number): { answer: SessionLookup; idle: boolean } {
    const refuse = (code: Exclude<SessionLookup, { ok: true }>["code"], idle = false) => ({ answer: { ok: false as const, code }, idle });
    if (!row || row.kind !== expected) return refuse(ResultCode.sessionMissing);
    if (row.revoked_at !== null) return refuse(ResultCode.sessionRevoked);
    const absolute = SESSION_ABSOLUTE_MS[row.kind];
    if (absolute !== undefined && now - row.created_at > absolute) return refuse(ResultCode.sessionExpired);
    if (now - row.last_seen_at > this.idleLimits[row.kind]) return refuse(ResultCode.sessionExpired, true);
    return {
      answer: { ok: true, session: { tokenHash: row.token_hash, subjectId: row.subject_id, kind: row.kind, lastSeenAt: row.last_seen_at } },
      idle: false,
    };
  }

  private repositoryIn(trx: Kysely<Database> | undefined): SessionRepository {
    return trx ? this.repository.in(trx) : this.repository;
  }
}

/** The name of a session for operators: a digest of its stored hash (LiveSession). */
function sessionRef(tokenHash: string): string {
  return createHash("sha256").update(`session-ref:${tokenHash}`, "utf8").digest("hex").slice(0, 32);
}

/** Every call with a session hashes its token: one-shot hashing costs a third of createHash's. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}
