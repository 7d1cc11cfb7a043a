import type { UserRow } from "../account/user.repository.js";

const VERIFIED = 2;

/**
 * The holder's name on a record and certificate (spec §6 display order): the enterprise name once
 * both organisation and person are verified, else the real name, the login account, mobile, mail.
 */
export function holderNameOf(user: Pick<UserRow, "enterprise_name" | "enterprise_status" | "real_name" | "real_name_status" | "login_account" | "mobile" | "mail">): string {
  const isFullyVerified = user.enterprise_status === VERIFIED && user.real_name_status === VERIFIED;
  const candidates = [isFullyVerified ? user.enterprise_name : null, user.real_name, user.login_account, user.mobile, user.mail];
  return candidates.find((name): name is string => typeof name === "string" && name.trim() !== "") ?? "";
}
