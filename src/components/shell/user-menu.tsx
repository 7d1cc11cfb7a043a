import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { Dropdown, Space } from "antd";
import { useNavigate } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { resolveDisplayName } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";
import { UserAvatar } from "./user-avatar";

export const USER_MENU_TEXT = { personalCentre: "个人中心", logout: "退出登录" } as const;

/** Avatar and display name (spec §6 order); the menu leads to the personal centre or signs out. */
export function UserMenu({ user }: { user: UserSession | null }) {
  const navigate = useNavigate();
  const links = useAppLinks();
  // The auth provider ends the session and sends the user to /index (spec §2); a failure shows the
  // server's message in the message modal.
  const { mutate: logout, isPending } = useLogout();

  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          { key: "personal", icon: <UserOutlined />, label: USER_MENU_TEXT.personalCentre },
          { key: "logout", icon: <LogoutOutlined />, label: USER_MENU_TEXT.logout, disabled: isPending },
        ],
        onClick: ({ key }) => (key === "logout" ? logout() : navigate(links.operationPanel)),
      }}
    >
      <button type="button" aria-label={`用户菜单：${resolveDisplayName(user)}`} style={{ background: "none", border: "none", cursor: "pointer", padding: 0 }}>
        <Space size={8}>
          <UserAvatar user={user} size={32} />
          <span style={{ maxWidth: 180, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", display: "inline-block", verticalAlign: "middle" }}>
            {resolveDisplayName(user)}
          </span>
          <DownOutlined style={{ fontSize: 10, color: "#8c8c8c" }} />
        </Space>
      </button>
    </Dropdown>
  );
}
