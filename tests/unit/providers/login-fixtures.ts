import type { LoginUser } from "../../../src/schema/account";

/** A loginUser as the server's contract describes it (schema/account.ts), with overrides. */
export const loginUser = (overrides: Partial<LoginUser> = {}): LoginUser => ({
  id: 7,
  loginAccount: "13800138000",
  mobile: "13800138000",
  mail: null,
  islogin: true,
  oauthUserId: null,
  accountType: 1,
  istest: false,
  userRealName: null,
  enterpriseName: null,
  headPortraitPath: null,
  realNameStatus: 0,
  enterpriseStatus: 0,
  hasPassword: true,
  ...overrides,
});
