import { UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Descriptions, Space, Typography } from "antd";
import { Link } from "react-router";
import { REAL_NAME_PROMPT } from "../../../components/shell/identity-panel";
import { useAppLinks } from "../../../providers/app-links-context";
import { isSubAccount, resolveDisplayName } from "../../../providers/session-rules";
import type { UserSession } from "../../../providers/session-store";
import { VERIFIED_STATUS } from "../../../schema/constants";
import { VerificationStatusTag } from "../verification-status-tag";

/** Who the account is (spec §3, §6): avatar, the derived display name, login account, contacts and verification. */
export function AccountSummary({ user, childAccountName, onChangeAvatar }: { user: UserSession; childAccountName: string | null; onChangeAvatar: () => void }) {
  const links = useAppLinks();
  const isSub = isSubAccount(user);
  const isVerified = user.realNameStatus === VERIFIED_STATUS;
  return (
    <Descriptions
      bordered
      column={1}
      size="middle"
      styles={{ label: { width: 140 } }}
      items={[
        {
          key: "avatar",
          label: "头像",
          children: (
            <Space size="large">
              <Avatar size={80} src={user.headPortraitPath || undefined} icon={user.headPortraitPath ? undefined : <UserOutlined />} alt="头像" />
              <Button onClick={onChangeAvatar}>修改头像</Button>
            </Space>
          ),
        },
        {
          key: "displayName",
          label: "显示名称",
          children: (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{resolveDisplayName(user)}</Typography.Text>
              <Typography.Text type="secondary">依次取企业名称（个人与企业均已认证时）、真实姓名、登录账号、手机号、邮箱</Typography.Text>
            </Space>
          ),
        },
        { key: "loginAccount", label: "登录账号", children: user.loginAccount ?? "—" },
        { key: "type", label: "账号类型", children: isSub ? `子账号${childAccountName ? `（${childAccountName}）` : ""}` : "主账号" },
        { key: "mobile", label: "手机号", children: <Contact value={user.mobile} to={links.bindMobile} /> },
        { key: "mail", label: "邮箱", children: <Contact value={user.mail} to={links.bindEmail} /> },
        {
          key: "realName",
          label: "个人实名认证",
          children: (
            <Space>
              <VerificationStatusTag status={user.realNameStatus} />
              {user.userRealName && isVerified && <Typography.Text>{user.userRealName}</Typography.Text>}
              {!isVerified && <Link to={links.authentication}>{isSub ? REAL_NAME_PROMPT : "去认证"}</Link>}
            </Space>
          ),
        },
        {
          key: "enterprise",
          label: "企业认证",
          children: (
            <Space>
              <VerificationStatusTag status={user.enterpriseStatus} />
              {user.enterpriseName && user.enterpriseStatus === VERIFIED_STATUS && <Typography.Text>{user.enterpriseName}</Typography.Text>}
              <Link to={links.enterpriseProve}>{user.enterpriseStatus === VERIFIED_STATUS ? "查看" : "去认证"}</Link>
            </Space>
          ),
        },
      ]}
    />
  );
}

function Contact({ value, to }: { value: string | null | undefined; to: string }) {
  return (
    <Space>
      {value ? <Typography.Text>{value}</Typography.Text> : <Typography.Text type="secondary">未绑定</Typography.Text>}
      <Link to={to}>{value ? "更换" : "去绑定"}</Link>
    </Space>
  );
}
