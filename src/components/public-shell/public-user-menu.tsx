import { AppstoreOutlined, DownOutlined, LogoutOutlined } from "@ant-design/icons";
import { Dropdown, Space } from "antd";
import { useNavigate } from "react-router";
import { useAppLinksLater } from "../../providers/app-links-context";
import { resolveDisplayName } from "../../providers/session-rules";
import { useLogoutAction } from "../../providers/use-auth-actions";
import type { UserSession } from "../../providers/session-store";
import { UserAvatar } from "../shell/user-avatar";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";

/**
 * The signed-in user's menu in the public header: the display name of spec §6, the way into the
 * workspace (the operation panel, spec §6) and logout, which the auth provider completes by
 * returning to /index.
 */
export function PublicUserMenu({ user }: { user: UserSession }) {
  const navigate = useNavigate();
  const links = useAppLinksLater();
  const { mutate: logout, isPending } = useLogoutAction();
  const name = resolveDisplayName(user);

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        items: [
          { key: "workspace", icon: <AppstoreOutlined />, label: PUBLIC_SHELL_TEXT.workspace },
          { type: "divider" },
          { key: "logout", icon: <LogoutOutlined />, label: PUBLIC_SHELL_TEXT.logout, disabled: isPending },
        ],
        onClick: ({ key }) => (key === "logout" ? logout() : void links().then(({ operationPanel }) => navigate(operationPanel))),
      }}
    >
      <button type="button" aria-label={`用户菜单：${name}`} className="hz-user-button">
        <Space size={8}>
          <UserAvatar user={user} size={28} />
          <span className="hz-user-button__name">{name}</span>
          <DownOutlined style={{ fontSize: 10, color: "#8c8c8c" }} />
        </Space>
      </button>
    </Dropdown>
  );
}
