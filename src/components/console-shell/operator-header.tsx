import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { useOperatorServices } from "../../providers/operator-context";
import { OPERATOR_ROLES } from "../../schema/console/permissions";
import type { OperatorProfile } from "../../schema/console/operator-auth";

/** The right of the console's header: who is signed in, with which roles, and 退出登录. */
export function OperatorHeader({ operator }: { operator: OperatorProfile }) {
  const { auth } = useOperatorServices();
  const navigate = useNavigate();
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    const isDone = await auth.logout().finally(() => setLoggingOut(false));
    // A failure has shown the server's message already and keeps the session.
    if (isDone) navigate(APP_PATHS.consoleLogin, { replace: true });
  }

  return (
    <Space size={12} aria-label="当前操作员">
      <Typography.Text style={{ color: "inherit" }}>
        <UserOutlined /> {operator.name}（{operator.account}）
      </Typography.Text>
      <span aria-label="角色">
        {operator.roles.map((role) => (
          <Tag key={role} color="blue" bordered={false}>
            {OPERATOR_ROLES[role].title}
          </Tag>
        ))}
      </span>
      <Button size="small" icon={<LogoutOutlined />} onClick={logout} loading={isLoggingOut}>
        退出登录
      </Button>
    </Space>
  );
}
