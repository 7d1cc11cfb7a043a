import { OPERATOR_ROLE_KEYS, type ConsolePermission } from "../schema/console/permissions";
import type { OperatorProfile } from "../schema/console/operator-auth";
import { either, finiteNumber, flag, integer, listOf, nonEmptyText, nullish, oneOf, optional, readStored, shape, text, type FieldReader } from "./stored-shape";

/**
 * The browser's copy of the user session, the notary session (spec §3) and the operator session
 * (the console, issue 13), each apart from the others, kept in localStorage so
 * a reload or a second tab stays signed in, and cached in memory so that React's
 * useSyncExternalStore sees the same object until something really changes.
 *
 * Only the fields of spec §3 are kept: reading through a shape that lists them (stored-shape.ts,
 * without zod: every page load reads the sessions, issue 20) is what guarantees that a password,
 * or anything else the server happens to send, never reaches storage.
 */

type Id = string | number;
const id: FieldReader<Id> = either(text, finiteNumber);
const status = nullish(integer);

export type UserSession = {
  token: string;
  /** Last time the session was seen alive (ms); refreshed by route changes and successful calls. */
  timestamp: number;
  id?: Id;
  loginAccount?: string | null;
  mobile?: string | null;
  mail?: string | null;
  islogin?: boolean | null;
  oauthUserId?: Id | null;
  /** 3 = sub-account. */
  accountType?: number | null;
  istest?: boolean | number | null;
  userRealName?: string | null;
  enterpriseName?: string | null;
  headPortraitPath?: string | null;
  /** 2 = real-name verified. */
  realNameStatus?: number | null;
  /** 2 = organisation verified. */
  enterpriseStatus?: number | null;
  /** False for an account created by code login that has no password yet (offer /user/setPassword). */
  hasPassword?: boolean | null;
};

const userSession = shape<UserSession>({
  token: nonEmptyText,
  timestamp: finiteNumber,
  id: optional(id),
  loginAccount: nullish(text),
  mobile: nullish(text),
  mail: nullish(text),
  islogin: nullish(flag),
  oauthUserId: nullish(id),
  accountType: status,
  istest: nullish(either(flag, finiteNumber)),
  userRealName: nullish(text),
  enterpriseName: nullish(text),
  headPortraitPath: nullish(text),
  realNameStatus: status,
  enterpriseStatus: status,
  hasPassword: nullish(flag),
});

/**
 * The notary user of spec §3 ("has a timestamp added on login"): the staff member as
 * /notary/v2/login answers it (schema/notary.ts), its token, and the login time that the 8 hours
 * of spec §4 count from.
 */
export type NotarySession = {
  token?: string;
  timestamp: number;
  id?: Id;
  account?: string;
  name?: string;
  officeName?: string;
};

const notarySession = shape<NotarySession>({
  token: optional(text),
  timestamp: finiteNumber,
  id: optional(id),
  account: optional(text),
  name: optional(text),
  officeName: optional(text),
});

/**
 * An operator signed in to the console with both factors: the token, who they are (roles and
 * permissions, which the console's menu follows), when both factors were passed (the 8 hours at
 * most count from there) and the last activity (the 15 minutes idle count from there).
 */
export type StoredOperatorSession = {
  token: string;
  timestamp: number;
  loginTime: number;
  operator: OperatorProfile;
};

const storedOperatorSession = shape<StoredOperatorSession>({
  token: nonEmptyText,
  timestamp: finiteNumber,
  loginTime: finiteNumber,
  operator: shape<OperatorProfile>({
    id: integer,
    account: text,
    name: text,
    roles: listOf(oneOf(OPERATOR_ROLE_KEYS)),
    // The server names them from its own list; the console's menu ignores a name it does not know.
    permissions: listOf(text as FieldReader<ConsolePermission>),
  }),
});

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
  let user = readJson(storage, SESSION_STORAGE_KEYS.user, userSession);
  let notary = readJson(storage, SESSION_STORAGE_KEYS.notary, notarySession);
  let operator = readJson(storage, SESSION_STORAGE_KEYS.operator, storedOperatorSession);
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
      writeUser(readStored(userSession, input));
      return user;
    },
    touchUser(now) {
      if (user) writeUser({ ...user, timestamp: now });
    },
    clearUser: () => writeUser(null),
    getNotary: () => notary,
    setNotary(input) {
      writeNotary(readStored(notarySession, input));
      return notary;
    },
    clearNotary: () => writeNotary(null),
    getOperator: () => operator,
    setOperator(input) {
      writeOperator(readStored(storedOperatorSession, input));
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

function readJson<T>(storage: StorageLike, key: string, field: FieldReader<T>): T | null {
  const stored = storage.getItem(key);
  if (!stored) return null;
  try {
    return readStored(field, JSON.parse(stored));
  } catch {
    // A hand-edited or truncated entry is treated as "signed out" rather than breaking the app.
    return null;
  }
}

function writeJson(storage: StorageLike, key: string, value: unknown) {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}
