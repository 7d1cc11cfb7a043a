import {
  accountKindOf,
  verificationStateOf,
  type CustomerChild,
  type CustomerLogin,
  type CustomerProfile,
  type CustomerSession,
  type CustomerStatusChange,
  type CustomerSummary,
} from "../../../../src/schema/console/customers.js";
import { disablersOf } from "../../account/account-disabling.js";
import type { LoginHistoryRow } from "../../account/login-history.repository.js";
import type { SubAccountRow } from "../../account/sub-account.repository.js";
import type { UserRow } from "../../account/user.repository.js";
import { holderNameOf } from "../../evidence/holder-name.js";
import type { LiveSession } from "../../session/session.service.js";

/** How the console shows accounts and what belongs to them: rows in, API objects out. */

/** The account's own key: the login account, else its phone or e-mail. */
export const loginAccountOf = (user: Pick<UserRow, "id" | "login_account" | "mobile" | "mail">) => user.login_account ?? user.mobile ?? user.mail ?? `用户 ${user.id}`;

export function toCustomerSummary(user: UserRow): CustomerSummary {
  return {
    id: user.id,
    loginAccount: loginAccountOf(user),
    displayName: holderNameOf(user),
    mobile: user.mobile,
    mail: user.mail,
    accountKind: accountKindOf(user.account_type),
    status: user.status,
    realNameState: verificationStateOf(user.real_name_status),
    enterpriseState: verificationStateOf(user.enterprise_status),
    registerTime: user.created_at,
  };
}

export function toCustomerProfile(user: UserRow): CustomerProfile {
  return {
    id: user.id,
    loginAccount: loginAccountOf(user),
    mobile: user.mobile,
    mail: user.mail,
    displayName: holderNameOf(user),
    accountKind: accountKindOf(user.account_type),
    status: user.status,
    disabledBy: disablersOf(user),
    registerTime: user.created_at,
    cancelTime: user.cancelled_at,
    hasPassword: user.password_hash !== null,
    twoStepEnabled: user.two_step_enabled === 1,
    scanBound: user.oauth_user_id !== null,
    isTest: user.is_test === 1,
  };
}

/** A customer as the audit trail names what an action acted on. */
export const customerTarget = (user: Pick<UserRow, "id" | "login_account" | "mobile" | "mail">) => ({ type: "customer", id: String(user.id), label: loginAccountOf(user) });

/** The account's state as the audit trail records it before and after a change. */
export const statusFacts = (user: Pick<UserRow, "status" | "disabled_by">): Omit<CustomerStatusChange, "endedSessions"> => ({
  status: user.status,
  disabledBy: disablersOf(user),
});

export function toCustomerChild(row: SubAccountRow): CustomerChild {
  return { id: row.id, loginAccount: loginAccountOf(row), name: row.name, status: row.status, createTime: row.created_at };
}

export function toCustomerSession(session: LiveSession): CustomerSession {
  return { ref: session.ref, createTime: session.createdAt, lastSeenTime: session.lastSeenAt, address: session.address };
}

export function toCustomerLogin(row: LoginHistoryRow): CustomerLogin {
  return { time: row.at, method: row.method, outcome: row.outcome, ip: row.ip, userAgent: row.user_agent };
}
