import type { SessionKind } from "../../../src/schema/session.js";
import type { SessionRow } from "./session.repository.js";

/**
 * How long this process trusts what it read of a session without reading it again. Looking the
 * session up was half the cost of a signed call (issue 20); within this bound a call needs no
 * database read. It is also the longest another process's logout, kick-out or password change can
 * go unnoticed here when its Redis notice is lost or there is no Redis (several processes on one
 * database): a few seconds, against a 30-minute idle rule and a user who has just been told
 * "signed out" elsewhere.
 */
export const SESSION_CACHE_STALENESS_MS = 2_000;

/**
 * At most this many sessions are kept (the oldest read is dropped first): far more than one
 * process sees within the staleness bound, and a bound on memory whatever the traffic.
 */
const MAX_CACHED_SESSIONS = 20_000;

/** A session row as this process knows it: `last_seen_at` may be newer than the database's (write-behind). */
type CachedSession = { row: SessionRow; readAt: number };

/**
 * What this process read of sessions, by token hash, for SESSION_CACHE_STALENESS_MS. Ends
 * (`forget…`) drop entries at once; a read that began before an end must not put back what it
 * saw, so every read carries the `generation` it began in and is kept only if no end came since.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private currentGeneration = 0;

  /** Taken before a database read; hand it back to `keep`. */
  get generation(): number {
    return this.currentGeneration;
  }

  /** The row read no longer than the staleness bound ago, if any. */
  fresh(tokenHash: string, now: number): SessionRow | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.readAt > SESSION_CACHE_STALENESS_MS || now < entry.readAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  keep(tokenHash: string, row: SessionRow, readAt: number, generation: number): void {
    if (generation !== this.currentGeneration) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= MAX_CACHED_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { row, readAt });
  }

  /** A call made with the session was answered at `at` (the refresh, spec §4). */
  noteSeen(tokenHash: string, at: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry && entry.row.last_seen_at < at) entry.row = { ...entry.row, last_seen_at: at };
  }

  forgetToken(tokenHash: string): void {
    this.currentGeneration += 1;
    this.entries.delete(tokenHash);
  }

  /** Every session of a subject of a kind: its sessions were ended here or in another process. */
  forgetSubject(subjectId: string, kind: SessionKind): void {
    this.currentGeneration += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.row.subject_id === subjectId && entry.row.kind === kind) this.entries.delete(tokenHash);
    }
  }

  forgetEverything(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
