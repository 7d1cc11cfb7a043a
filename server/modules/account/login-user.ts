import type { LoginUser } from "../../../src/schema/account.js";
import type { UserRow } from "./user.repository.js";

/** The user as the browser keeps it (spec §3); nothing secret leaves here. */
export function toLoginUser(row: UserRow, storagePrefix: string): LoginUser {
  return {
    id: row.id,
    loginAccount: row.login_account,
    mobile: row.mobile,
    mail: row.mail,
    islogin: true,
    oauthUserId: row.oauth_user_id,
    accountType: row.account_type,
    istest: row.is_test === 1,
    userRealName: row.real_name,
    enterpriseName: row.enterprise_name,
    headPortraitPath: row.head_portrait_path ? storagePrefix + row.head_portrait_path : null,
    realNameStatus: row.real_name_status,
    enterpriseStatus: row.enterprise_status,
    hasPassword: row.password_hash !== null,
  };
}
