import { CheckCircleFilled } from "@ant-design/icons";
import { Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { resolveDisplayName, isSubAccount } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";
import { VERIFIED_STATUS } from "../../schema/constants";
import { VERIFICATION_STATUS_TEXT } from "../../schema/personal";
import { UserAvatar } from "./user-avatar";

export const REAL_NAME_PROMPT = "实名认证很重要，去认证";
export const REAL_NAME_VERIFIED_TEXT = "已实名认证";
export const SUB_ACCOUNT_FLAG = "子账号";

const STATUS_COLORS: Record<number, string> = { 1: "processing", 2: "success", 3: "error" };

/**
 * Who is signed in, at the top of the side navigation (spec §2 shell, §6 roles): display name and
 * avatar, the sub-account flag, and the verification links. A main account sees both its personal
 * and enterprise status; a sub-account sees the real-name prompt in place of the personal one.
 */
export function IdentityPanel({ user }: { user: UserSession | null }) {
  const links = useAppLinks();
  const isSub = isSubAccount(user);
  return (
    <div style={{ padding: "20px 16px 12px", borderBottom: "1px solid #f0f0f0" }}>
      <Space align="center" size={12} style={{ marginBottom: 12 }}>
        <UserAvatar user={user} size={44} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: "block", maxWidth: 140 }}>
            {resolveDisplayName(user)}
          </Typography.Text>
          {isSub && <Tag color="orange" style={{ marginTop: 4 }}>{SUB_ACCOUNT_FLAG}</Tag>}
        </div>
      </Space>
      <Space direction="vertical" size={6} style={{ width: "100%", fontSize: 13 }}>
        {isSub ? <RealNamePrompt user={user} /> : <StatusLink label="个人实名" to={links.authentication} status={user?.realNameStatus} />}
        <StatusLink label="企业认证" to={links.enterpriseProve} status={user?.enterpriseStatus} />
      </Space>
    </div>
  );
}

/** Spec §6: "real name matters, go verify" until realNameStatus is 2, then a verified badge. */
function RealNamePrompt({ user }: { user: UserSession | null }) {
  const links = useAppLinks();
  if (user?.realNameStatus === VERIFIED_STATUS) {
    return (
      <Typography.Text type="success">
        <CheckCircleFilled /> {REAL_NAME_VERIFIED_TEXT}
      </Typography.Text>
    );
  }
  return <Link to={links.authentication}>{REAL_NAME_PROMPT}</Link>;
}

function StatusLink({ label, to, status }: { label: string; to: string; status: number | null | undefined }) {
  const value = status ?? 0;
  return (
    <Link to={to} style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
      <span>{label}</span>
      <Tag color={STATUS_COLORS[value]} style={{ marginInlineEnd: 0 }}>
        {VERIFICATION_STATUS_TEXT[value] ?? VERIFICATION_STATUS_TEXT[0]}
      </Tag>
    </Link>
  );
}
