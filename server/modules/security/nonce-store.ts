/**
 * Single-use markers (replay-guard.ts, encrypted-fields.ts): a nonce can be claimed once until it
 * expires. In the database (nonce.repository.ts) for one process, in Redis (nonce.redis-store.ts)
 * when several share the work, so a request replayed on another process is refused too.
 */
export interface NonceStore {
  /** True when this call claimed the nonce; false when it was used before. Atomic across processes. */
  claim(nonce: string, expiresAt: number): Promise<boolean>;
}
