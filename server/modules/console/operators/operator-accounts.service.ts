import type { z } from "zod";
import { AccountCode } from "../../../../src/schema/account.js";
import { NewOperatorSchema, type OperatorProfile } from "../../../../src/schema/console/operator-auth.js";
import type { OperatorRole } from "../../../../src/schema/console/permissions.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { BusinessError } from "../../../http/envelope.js";
import { md5Hex, type PasswordHasher } from "../../account/password-hasher.js";
import { toOperatorProfile } from "./operator-profile.js";
import type { Executor, OperatorRepository } from "./operator.repository.js";

export type OperatorAccountsDependencies = {
  operators: OperatorRepository;
  hasher: PasswordHasher;
  now: () => number;
};

/** A new operator's facts with the slow hash of their password, ready to insert (hashing is not done inside a transaction). */
export type PreparedOperator = { account: string; name: string; roles: OperatorRole[]; passwordHash: string };

/**
 * Operator accounts: created by an administrator (the operators page), on the command line for
 * the first administrator, or seeded for development. Kept apart from the login so the CLI needs
 * no login key, captcha or session machinery. Inserts go through `executor`, the audit trail's
 * transaction when the creation is recorded.
 */
export class OperatorAccounts {
  constructor(private readonly deps: OperatorAccountsDependencies) {}

  /** `input.password` is the plain password typed on the command line; only its slow hash is kept. */
  async prepare(input: unknown): Promise<PreparedOperator> {
    const { account, name, roles, password } = parseOrRefuse(NewOperatorSchema, input);
    return this.prepareWithDigest({ account, name, roles }, md5Hex(password));
  }

  /** `passwordDigest` is what the browser sends for a password: its MD5 (DESIGN.md §4). */
  async prepareWithDigest(facts: { account: string; name: string; roles: OperatorRole[] }, passwordDigest: string): Promise<PreparedOperator> {
    return { ...facts, roles: [...new Set(facts.roles)], passwordHash: await this.deps.hasher.hash(passwordDigest) };
  }

  async insert(prepared: PreparedOperator, executor: Executor, options: { isDemo?: boolean } = {}): Promise<OperatorProfile> {
    const now = this.deps.now();
    const row = await this.deps.operators.insertUnlessTaken(
      executor,
      {
        account: prepared.account,
        name: prepared.name,
        password_hash: prepared.passwordHash,
        status: "active",
        is_demo: options.isDemo ? 1 : 0,
        totp_secret: null,
        totp_pending_secret: null,
        totp_enrolled_at: null,
        totp_last_step: null,
        created_at: now,
        updated_at: now,
        last_login_at: null,
      },
      prepared.roles,
    );
    if (!row) {
      const message = `操作员账号 ${prepared.account} 已存在`;
      throw new BusinessError(AccountCode.accountAlreadyRegistered, message, { errors: { account: message } });
    }
    return toOperatorProfile(row, prepared.roles);
  }

  /** Prepares and inserts in one go, unaudited: the development seed and the tests' arrangements. */
  async createWithPassword(input: unknown, executor: Executor, options: { isDemo?: boolean } = {}): Promise<OperatorProfile> {
    return this.insert(await this.prepare(input), executor, options);
  }
}

/** Parses with the schema, or refuses with 1001 and each field's message. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  throw new BusinessError(ResultCode.validationFailed, Object.values(errors).join("；"), { errors });
}
