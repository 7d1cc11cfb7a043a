import { createHash, randomInt } from "node:crypto";
import { AccountCode, CodePurpose, type CodePurposeValue } from "../../../src/schema/account.js";
import { SEND_CODE_COUNTDOWN_SECONDS } from "../../../src/schema/constants.js";
import { BusinessError } from "../../http/envelope.js";
import type { Notifier } from "../notifier/notifier.js";
import { digestsEqual } from "../security/digest-compare.js";
import type { VerificationRepository } from "./verification.repository.js";

export const CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong tries allowed on one code before it stops working. */
export const CODE_MAX_ATTEMPTS = 5;
export const SEND_LIMITS = {
  /** One code per target per countdown (spec §9: 59 s on the button, so a minute here). */
  perTargetIntervalMs: (SEND_CODE_COUNTDOWN_SECONDS + 1) * 1000,
  perTargetPerDay: 10,
  perIpPerHour: 30,
} as const;

const HOUR = 60 * 60 * 1000;

const PURPOSE_TEXT: Record<CodePurposeValue, string> = {
  [CodePurpose.register]: "注册账号",
  [CodePurpose.resetPassword]: "重置密码",
  [CodePurpose.bindAfterScan]: "绑定账号",
  [CodePurpose.bindContact]: "绑定手机号或邮箱",
  [CodePurpose.codeLogin]: "登录",
  [CodePurpose.secondStep]: "登录验证",
  [CodePurpose.cancellation]: "注销账号",
};

export type Channel = "mobile" | "email";

/**
 * Verification codes sent by SMS or e-mail: six digits, valid five minutes, single-use, at most
 * five wrong tries, and limited per target and per IP so the platform cannot be used to flood
 * someone's phone. Only a hash of each code is stored.
 */
export class VerificationService {
  constructor(
    private readonly repository: VerificationRepository,
    private readonly notifier: Notifier,
    private readonly now: () => number,
  ) {}

  async send(purpose: CodePurposeValue, channel: Channel, target: string, ip: string): Promise<void> {
    const now = this.now();
    if ((await this.repository.countSentToSince(target, now - SEND_LIMITS.perTargetIntervalMs)) > 0) {
      throw new BusinessError(AccountCode.sendCodeTooOften, `验证码发送过于频繁，请${SEND_LIMITS.perTargetIntervalMs / 1000}秒后再试`);
    }
    if ((await this.repository.countSentToSince(target, now - 24 * HOUR)) >= SEND_LIMITS.perTargetPerDay) {
      throw new BusinessError(AccountCode.sendCodeTooOften, "该账号今日获取验证码次数已达上限，请明天再试");
    }
    if ((await this.repository.countSentFromIpSince(ip, now - HOUR)) >= SEND_LIMITS.perIpPerHour) {
      throw new BusinessError(AccountCode.sendCodeTooOften, "当前网络获取验证码过于频繁，请稍后再试");
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await this.repository.insert({
      purpose,
      target,
      code_hash: hashCode(purpose, target, code),
      ip,
      created_at: now,
      expires_at: now + CODE_TTL_MS,
      attempts: 0,
      consumed_at: null,
    });
    const text = `您正在${PURPOSE_TEXT[purpose]}，验证码为 ${code}，${CODE_TTL_MS / 60000}分钟内有效。如非本人操作，请忽略本消息。`;
    if (channel === "mobile") await this.notifier.sendSms(target, `【衡证】${text}`);
    else await this.notifier.sendEmail(target, `衡证验证码：${code}`, `${text}\n\n衡证电子证据平台`);
  }

  /** True and consumed when the code is the newest live one for the target; every try counts, the right one included. */
  async check(purpose: CodePurposeValue, target: string, code: string): Promise<boolean> {
    const row = await this.repository.findNewestLive(target, purpose, this.now());
    if (!row || !(await this.repository.reserveAttempt(row.id, CODE_MAX_ATTEMPTS))) return false;
    if (!digestsEqual(row.code_hash, hashCode(purpose, target, code.trim()))) return false;
    return this.repository.consume(row.id, this.now());
  }

  /** Like check, but answers with the platform's message when the code is wrong. */
  async require(purpose: CodePurposeValue, target: string, code: string, field = "vCode"): Promise<void> {
    if (!(await this.check(purpose, target, code))) {
      const message = "验证码错误或已失效，请重新获取";
      throw new BusinessError(AccountCode.verificationCodeInvalid, message, { errors: { [field]: message } });
    }
  }
}

function hashCode(purpose: number, target: string, code: string): string {
  return createHash("sha256").update(`${purpose}:${target}:${code}`, "utf8").digest("hex");
}
