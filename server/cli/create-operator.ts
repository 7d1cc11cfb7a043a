import { parseArgs } from "node:util";
import { OPERATOR_ROLES } from "../../src/schema/console/permissions.js";
import { CLI_ACTOR } from "../modules/console/operators/acting-operator.js";
import { CLI_EXIT, exitWith, runConsoleCli } from "./console-cli.js";
import { readNewPassword } from "./password-input.js";

/**
 * Creates an operator of the console (issue 13), e.g. the first administrator of a production
 * installation, with the server's configuration (DATA_DIR or DATABASE_URL, scrypt cost):
 *
 *   npm run create-operator -- --account zhang.san --name 张三 --roles administrator
 *
 * Roles: administrator, identityReviewer, finance, contentEditor, notaryOfficeAdmin (comma
 * separated). The password comes from OPERATOR_PASSWORD, or else from standard input (typed twice
 * without echo on a terminal, or the first line of a pipe), never from the command line. The
 * operator binds an authenticator app at their first login. Audited as an action of 命令行.
 */
const USAGE = `用法：npm run create-operator -- --account <账号> --name <姓名> --roles <角色,…>（角色：${Object.keys(OPERATOR_ROLES).join("、")}；密码取自环境变量 OPERATOR_PASSWORD 或标准输入）`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { account: { type: "string" }, name: { type: "string" }, roles: { type: "string" } }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return CLI_EXIT.usage;
  }
  if (!args.account || !args.name || !args.roles) {
    console.error(USAGE);
    return CLI_EXIT.usage;
  }
  const password = process.env.OPERATOR_PASSWORD || (await readNewPassword());
  if (password === null) {
    console.error("两次输入的密码不一致，未创建操作员");
    return CLI_EXIT.failed;
  }
  const roles = args.roles.split(",").map((role) => role.trim()).filter(Boolean);
  const unknown = roles.filter((role) => !(role in OPERATOR_ROLES));
  if (unknown.length > 0) {
    console.error(`未知角色：${unknown.join("、")}\n${USAGE}`);
    return CLI_EXIT.usage;
  }
  const { account, name } = args;
  return runConsoleCli(async ({ management, accounts, describe }) => {
    const operator = await management.createPrepared(CLI_ACTOR, await accounts.prepare({ account, name, password, roles }));
    const titles = operator.roles.map((role) => OPERATOR_ROLES[role].title).join("、");
    return `已创建操作员 ${operator.account}（${operator.name} · ${titles}），首次登录 /console/login 时绑定身份验证器。数据库：${describe}`;
  });
}

exitWith(main(), "创建操作员");
