import { Alert, Tag } from "antd";
import { useUserSession } from "../../providers/session-context";
import { isTestAccount } from "../../providers/session-rules";

export const TEST_ACCOUNT_TEXT = {
  tag: "测试账号",
  banner: "当前登录的是测试账号：账号下的存证、取证等数据仅用于测试，请勿作为正式证据使用。",
} as const;

/** The mark next to the user's name in the header for an account with the istest flag (spec §6). */
export function TestAccountTag() {
  return isTestAccount(useUserSession()) ? (
    <Tag color="gold" style={{ marginInlineEnd: 0 }}>
      {TEST_ACCOUNT_TEXT.tag}
    </Tag>
  ) : null;
}

/** Above every page of the shell for a test account, so nobody mistakes its records for real evidence. */
export function TestAccountBanner() {
  return isTestAccount(useUserSession()) ? <Alert type="warning" showIcon banner message={TEST_ACCOUNT_TEXT.banner} /> : null;
}
