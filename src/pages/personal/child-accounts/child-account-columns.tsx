import { Button, Popconfirm, Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ChildAccount } from "../../../schema/child-account";

export const DISABLE_CONFIRM_TEXT = "停用后该子账号立即退出登录且不能再登录，确定停用吗？";

/** The list's columns; the actions call back into the page, which owns the calls. */
export function childAccountColumns(actions: { onRename: (child: ChildAccount) => void; onToggle: (child: ChildAccount) => void }): ColumnsType<ChildAccount> {
  return [
    { title: "登录账号", dataIndex: "loginAccount", key: "loginAccount" },
    { title: "名称", dataIndex: "name", key: "name" },
    {
      title: "状态",
      dataIndex: "status",
      key: "status",
      render: (_value, child) => <Tag color={child.status === "active" ? "success" : "default"}>{child.statusName}</Tag>,
    },
    {
      title: "初始密码",
      dataIndex: "mustChangePassword",
      key: "mustChangePassword",
      render: (mustChange: boolean) => (mustChange ? "未修改（首次登录须修改）" : "已修改"),
    },
    { title: "创建时间", dataIndex: "createTime", key: "createTime" },
    {
      title: "操作",
      key: "actions",
      render: (_value, child) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => actions.onRename(child)}>
            改名
          </Button>
          {child.status === "active" ? (
            <Popconfirm title={DISABLE_CONFIRM_TEXT} okText="停用" cancelText="取消" onConfirm={() => actions.onToggle(child)}>
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => actions.onToggle(child)}>
              启用
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
