import { parseArgs } from "node:util";
import { OperatorAccountSchema } from "../../src/schema/console/operator-auth.js";
import { OPERATOR_MESSAGES } from "../../src/schema/console/operators.js";
import { ResultCode } from "../../src/schema/envelope.js";
import { BusinessError } from "../http/envelope.js";
import { CLI_ACTOR } from "../modules/console/operators/acting-operator.js";
import { CLI_EXIT, exitWith, runConsoleCli } from "./console-cli.js";

/**
 * Resets an operator's second factor when their authenticator is lost and no recovery code is
 * left (or when no administrator can sign in to do it on the operators page):
 *
 *   npm run operator-reset-second-factor -- --account zhang.san [--reason 手机丢失]
 *
 * The secret and the recovery codes are discarded, the operator's sessions end, and the next
 * login binds a new authenticator. Audited as an action of 命令行.
 */
const USAGE = "用法：npm run operator-reset-second-factor -- --account <账号> [--reason <原因>]";

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { account: { type: "string" }, reason: { type: "string" } }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return CLI_EXIT.usage;
  }
  const account = OperatorAccountSchema.safeParse(args.account ?? "");
  if (!account.success) {
    console.error(`${account.error.issues[0].message}\n${USAGE}`);
    return CLI_EXIT.usage;
  }
  return runConsoleCli(async ({ management, operators }) => {
    const found = await operators.findByAccount(account.data);
    if (!found) throw new BusinessError(ResultCode.notFound, `${OPERATOR_MESSAGES.notFound}：${account.data}`);
    await management.resetSecondFactor(CLI_ACTOR, found.id, args.reason ?? "命令行重置");
    return `已重置操作员 ${found.account} 的二次验证：原身份验证器与恢复码作废，其会话已结束，下次登录时重新绑定。`;
  });
}

exitWith(main(), "重置二次验证");
