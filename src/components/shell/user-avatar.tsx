import { UserOutlined } from "@ant-design/icons";
import { Avatar } from "antd";
import type { UserSession } from "../../providers/session-store";

/** The user's uploaded head portrait, or a neutral figure until there is one. */
export function UserAvatar({ user, size }: { user: UserSession | null; size: number }) {
  const src = user?.headPortraitPath || undefined;
  return <Avatar size={size} src={src} icon={src ? undefined : <UserOutlined />} alt="头像" style={{ flex: "none" }} />;
}
