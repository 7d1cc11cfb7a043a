import { AccountCode } from "../../../src/schema/account.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { NewNotaryUserSchema, type NotaryUser } from "../../../src/schema/notary.js";
import { BusinessError } from "../../http/envelope.js";
import { md5Hex, type PasswordHasher } from "../account/password-hasher.js";
import type { NotaryUserRepository } from "./notary-user.repository.js";
import { toNotaryUser } from "./notary-user.js";

/**
 * Creating staff accounts: there is no self-registration for notary offices, an operator creates
 * them (server/cli/create-notary-user.ts), and development installations get one demo account.
 * Kept apart from the login so the CLI needs no login key, captcha or session machinery.
 */
export class NotaryStaffService {
  constructor(
    private readonly users: NotaryUserRepository,
    private readonly hasher: PasswordHasher,
    private readonly now: () => number,
  ) {}

  /** `input.password` is the plain password typed by the operator; only its slow hash is kept. */
  async createUser(input: unknown, options: { isDemo?: boolean } = {}): Promise<NotaryUser> {
    const parsed = NewNotaryUserSchema.safeParse(input);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      throw new BusinessError(ResultCode.validationFailed, Object.values(errors).join("；"), { errors });
    }
    const { officeName, account, name, password } = parsed.data;
    const now = this.now();
    const row = await this.users.insertUnlessTaken({
      office_name: officeName,
      account,
      name,
      // The browser sends the MD5 of the password (DESIGN.md §4), so that is what is hashed.
      password_hash: await this.hasher.hash(md5Hex(password)),
      status: "active",
      is_demo: options.isDemo ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    if (!row) {
      const message = `公证处账号 ${account} 已存在`;
      throw new BusinessError(AccountCode.accountAlreadyRegistered, message, { errors: { account: message } });
    }
    return toNotaryUser(row);
  }
}
