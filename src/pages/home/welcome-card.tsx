import { SafetyCertificateOutlined } from "@ant-design/icons";
import { Card, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { RouterLinkButton } from "../../components/router-link-button";
import { UserAvatar } from "../../components/shell/user-avatar";
import { useAppLinks } from "../../providers/app-links-context";
import { resolveDisplayName } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";
import { VERIFIED_STATUS } from "../../schema/constants";

/** What a signed-in user sees where visitors see the login panel: who they are and the way in. */
export function WelcomeCard({ user }: { user: UserSession }) {
  const links = useAppLinks();
  const isVerified = user.realNameStatus === VERIFIED_STATUS;
  return (
    <Card style={{ boxShadow: "0 12px 32px rgba(11, 26, 51, 0.25)" }} styles={{ body: { padding: 28 } }}>
      <Space direction="vertical" size={20} style={{ width: "100%" }}>
        <Space size={14} align="center">
          <UserAvatar user={user} size={56} />
          <div>
            <Typography.Text type="secondary">您好，</Typography.Text>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {resolveDisplayName(user)}
            </Typography.Title>
          </div>
        </Space>
        {isVerified ? (
          <Tag icon={<SafetyCertificateOutlined />} color="success">
            已实名认证
          </Tag>
        ) : (
          <Typography.Text type="secondary">
            尚未完成实名认证，<Link to={links.authentication}>去认证</Link>
          </Typography.Text>
        )}
        <RouterLinkButton type="primary" size="large" block to={links.operationPanel}>
          进入工作台
        </RouterLinkButton>
      </Space>
    </Card>
  );
}
