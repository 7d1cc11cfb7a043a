import { z } from "zod";
import { OperatorProfileSchema } from "../schema/console/operator-auth";

/**
 * The browser's copy of the user session, the notary session (spec §3) and the operator session
 * (the console, issue 13), each apart from the others, kept in localStorage so
 * a reload or a second tab stays signed in, and cached in memory so that React's
 * useSyncExternalStore sees the same object until something really changes.
 *
 * Only the fields of spec §3 are kept: parsing with a strict (stripping) zod object is what
 * guarantees that a password, or anything else the server happens to send, never reaches storage.
 */

const IdSchema = z.union([z.string(), z.number()]);
const StatusSchema = z.number().int().nullish();

export const UserSessionSchema = z.object({
  token: z.string().min(1),
  /** Last time the session was seen alive (ms); refreshed by route changes and successful calls. */
  timestamp: z.number(),
  id: IdSchema.optional(),
  loginAccount: z.string().nullish(),
  mobile: z.string().nullish(),
  mail: z.string().nullish(),
  islogin: z.boolean().nullish(),
  oauthUserId: IdSchema.nullish(),
  /** 3 = sub-account. */
  accountType: StatusSchema,
  istest: z.union([z.boolean(), z.number()]).nullish(),
  userRealName: z.string().nullish(),
  enterpriseName: z.string().nullish(),
  headPortraitPath: z.string().nullish(),
  /** 2 = real-name verified. */
  realNameStatus: StatusSchema,
  /** 2 = organisation verified. */
  enterpriseStatus: StatusSchema,
  /** False for an account created by code login that has no password yet (offer /user/setPassword). */
  hasPassword: z.boolean().nullish(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/**
 * The notary user of spec §3 ("has a timestamp added on login"): the staff member as
 * /notary/v2/login answers it (schema/notary.ts), its token, and the login time that the 8 hours
 * of spec §4 count from.
 */
export const NotarySessionSchema = z.object({
  token: z.string().optional(),
  timestamp: z.number(),
  id: IdSchema.optional(),
  account: z.string().optional(),
  name: z.string().optional(),
  officeName: z.string().optional(),
});
export type NotarySession = z.infer<typeof NotarySessionSchema>;

/**
 * An operator signed in to the console with both factors: the token, who they are (roles and
 * permissions, which the console's menu follows), when both factors were passed (the 8 hours at
 * most count from there) and the last activity (the 15 minutes idle count from there).
 */
export const StoredOperatorSessionSchema = z.object({
  token: z.string().min(1),
  timestamp: z.number(),
  loginTime: z.number(),
  operator: OperatorProfileSchema,
});
export type StoredOperatorSession = z.infer<typeof StoredOperatorSessionSchema>;

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const SESSION_STORAGE_KEYS = {
  user: "evidence.userSession",
  notary: "evidence.notarySession",
  operator: "evidence.operatorSession",
  rememberedPath: "evidence.rememberedPath",
} as const;

export interface SessionStore {
  getUser(): UserSession | null;
  /** Stores the user; unknown fields (the password among them) are dropped. Returns what was kept. */
  setUser(user: Record<string, unknown>): UserSession | null;
  /** Moves the user's timestamp to `now`; does nothing when nobody is signed in. */
  touchUser(now: number): void;
  clearUser(): void;
  getNotary(): NotarySession | null;
  setNotary(notary: Record<string, unknown>): NotarySession | null;
  clearNotary(): void;
  getOperator(): StoredOperatorSession | null;
  /** Stores the operator session; anything beyond its fields is dropped. Returns what was kept. */
  setOperator(session: Record<string, unknown>): StoredOperatorSession | null;
  /** Moves the operator's last activity to `now`; does nothing when no operator is signed in. */
  touchOperator(now: number): void;
  clearOperator(): void;
  /** The token between an operator's password and second factor, which only the second-factor calls take. */
  getOperatorPending(): string | null;
  setOperatorPending(token: string): void;
  clearOperatorPending(): void;
  /** Where a user was going when the session ended, used once after the next login (spec §2). */
  getRememberedPath(): string | null;
  rememberPath(path: string): void;
  clearRememberedPath(): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(storage: StorageLike): SessionStore {
  let user = readJson(storage, SESSION_STORAGE_KEYS.user, UserSessionSchema);
  let notary = readJson(storage, SESSION_STORAGE_KEYS.notary, NotarySessionSchema);
  let operator = readJson(storage, SESSION_STORAGE_KEYS.operator, StoredOperatorSessionSchema);
  // Kept in memory only: it lives five minutes and a reload simply starts the sign-in again.
  let operatorPending: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  function writeUser(next: UserSession | null) {
    user = next;
    writeJson(storage, SESSION_STORAGE_KEYS.user, next);
    notify();
  }

  function writeNotary(next: NotarySession | null) {
    notary = next;
    writeJson(storage, SESSION_STORAGE_KEYS.notary, next);
    notify();
  }

  function writeOperator(next: StoredOperatorSession | null) {
    operator = next;
    writeJson(storage, SESSION_STORAGE_KEYS.operator, next);
    notify();
  }

  return {
    getUser: () => user,
    setUser(input) {
      const parsed = UserSessionSchema.safeParse(input);
      writeUser(parsed.success ? parsed.data : null);
      return user;
    },
    touchUser(now) {
      if (user) writeUser({ ...user, timestamp: now });
    },
    clearUser: () => writeUser(null),
    getNotary: () => notary,
    setNotary(input) {
      const parsed = NotarySessionSchema.safeParse(input);
      writeNotary(parsed.success ? parsed.data : null);
      return notary;
    },
    clearNotary: () => writeNotary(null),
    getOperator: () => operator,
    setOperator(input) {
      const parsed = StoredOperatorSessionSchema.safeParse(input);
      writeOperator(parsed.success ? parsed.data : null);
      return operator;
    },
    touchOperator(now) {
      if (operator) writeOperator({ ...operator, timestamp: now });
    },
    clearOperator: () => writeOperator(null),
    getOperatorPending: () => operatorPending,
    setOperatorPending(token) {
      operatorPending = token;
    },
    clearOperatorPending() {
      operatorPending = null;
    },
    getRememberedPath: () => storage.getItem(SESSION_STORAGE_KEYS.rememberedPath),
    rememberPath: (path) => storage.setItem(SESSION_STORAGE_KEYS.rememberedPath, path),
    clearRememberedPath: () => storage.removeItem(SESSION_STORAGE_KEYS.rememberedPath),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A Storage stand-in for tests and for browsers where localStorage is blocked. */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function readJson<T>(storage: StorageLike, key: string, schema: z.ZodType<T>): T | null {
  const text = storage.getItem(key);
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // A hand-edited or truncated entry is treated as "signed out" rather than breaking the app.
    return null;
  }
}

function writeJson(storage: StorageLike, key: string, value: unknown) {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}
