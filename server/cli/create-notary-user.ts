import { parseArgs } from "node:util";
import { databaseTargetFor } from "../app.js";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/dialect.js";
import { migrateToLatest } from "../db/migrate.js";
import { BusinessError } from "../http/envelope.js";
import { PasswordHasher } from "../modules/account/password-hasher.js";
import { NOTARY_ROLES, NOTARY_ROLE_LABELS, type NotaryRole } from "../../src/schema/notary-console.js";
import { NotaryOfficeRepository } from "../modules/notary/notary-office.repository.js";
import { NotaryStaffService } from "../modules/notary/notary-staff.service.js";
import { NotaryUserRepository } from "../modules/notary/notary-user.repository.js";
import { readNewPassword } from "./password-input.js";

/**
 * Creates a notary office staff account (spec §6: notary offices have their own login; there is
 * no self-registration). Uses the server's configuration (DATA_DIR or DATABASE_URL, scrypt cost):
 *
 *   npx tsx server/cli/create-notary-user.ts --office 衡州公证处 --account zhang.san --name 张三 [--role admin|notary]
 *
 * An office not known yet is made (with the default certificate template; its administrator fills
 * in the rest in the console). Without --role an office's first account is its administrator
 * (admin) and later ones are notaries (notary).
 *
 * The password comes from standard input, never from the command line, where it would stay in the
 * shell history and show in `ps`: typed twice without echo on a terminal, or the first line of a pipe.
 */
const USAGE = "用法：npx tsx server/cli/create-notary-user.ts --office <公证处名称> --account <账号> --name <姓名> [--role admin|notary]（密码从标准输入读取；不指定角色时，公证处的第一个账号为管理员）";
const EXIT = { ok: 0, failed: 1, usage: 64, config: 78 } as const;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { office: { type: "string" }, account: { type: "string" }, name: { type: "string" }, role: { type: "string" } }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  if (!args.office || !args.account || !args.name || (args.role !== undefined && !NOTARY_ROLES.includes(args.role as NotaryRole))) {
    console.error(USAGE);
    return EXIT.usage;
  }
  const role = args.role as NotaryRole | undefined;

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return EXIT.config;
  }

  const password = await readNewPassword();
  if (password === null) {
    console.error("两次输入的密码不一致，未创建账号");
    return EXIT.failed;
  }

  const database = openDatabase(databaseTargetFor(config));
  try {
    await migrateToLatest(database.db);
    const { db } = database;
    const staff = new NotaryStaffService({ db, users: new NotaryUserRepository(db), offices: new NotaryOfficeRepository(db), hasher: new PasswordHasher(config.passwordScryptLogN), now: Date.now });
    const user = await staff.createUser({ officeName: args.office, account: args.account, name: args.name, password }, role ? { role } : {});
    const created = (await new NotaryUserRepository(db).findById(user.id))!;
    console.log(`已创建公证处账号 ${user.account}（${user.officeName} · ${user.name} · ${NOTARY_ROLE_LABELS[created.role as NotaryRole]}），数据库：${database.describe()}`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    console.error(`未创建账号：${error.message}`);
    return EXIT.failed;
  } finally {
    await database.db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("创建公证处账号失败：", error);
    process.exit(EXIT.failed);
  },
);
