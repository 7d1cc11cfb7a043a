import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Popconfirm, Space } from "antd";
import { useState } from "react";
import { RouterLinkButton } from "../../../components/router-link-button";
import { usePersonalServices } from "../../../providers/personal-context";
import { siblingPath } from "../../../resources/derive";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../../resources/types";
import type { ChildAccount } from "../../../schema/child-account";
import { ResultCode } from "../../../schema/envelope";
import { RenameDialog } from "./rename-dialog";

/** What the child-account list (/personal/childAccountManagement/dataList) adds to the generic list. */

export const DISABLE_CONFIRM_TEXT = "停用后该子账号立即退出登录且不能再登录，确定停用吗？";

function CreateChildAccount({ route }: ListSlotProps) {
  const create = siblingPath(route, "createChildAccount");
  return (
    create && (
      <RouterLinkButton type="primary" icon={<PlusOutlined />} to={create}>
        新建子账号
      </RouterLinkButton>
    )
  );
}

/** Renaming, and disabling (which ends its sessions at once) or enabling again. */
function ChildAccountActions({ record, refresh }: RowActionsProps) {
  const child = record as ChildAccount;
  const { childAccounts } = usePersonalServices();
  const { message } = App.useApp();
  const [isRenaming, setRenaming] = useState(false);
  const isActive = child.status === "active";

  async function toggle() {
    const envelope = await (isActive ? childAccounts.disable(child.id) : childAccounts.enable(child.id));
    if (envelope.code === ResultCode.success) message.success(isActive ? "已停用" : "已启用");
    else message.error(envelope.message);
    refresh();
  }

  async function rename(name: string): Promise<string | null> {
    const envelope = await childAccounts.rename(child.id, name);
    if (envelope.code !== ResultCode.success) return envelope.message;
    setRenaming(false);
    message.success("已修改名称");
    refresh();
    return null;
  }

  return (
    <Space size="small">
      <Button type="link" size="small" onClick={() => setRenaming(true)}>
        改名
      </Button>
      {isActive ? (
        <Popconfirm title={DISABLE_CONFIRM_TEXT} okText="停用" cancelText="取消" onConfirm={toggle}>
          <Button type="link" size="small" danger>
            停用
          </Button>
        </Popconfirm>
      ) : (
        <Button type="link" size="small" onClick={() => void toggle()}>
          启用
        </Button>
      )}
      {/* Mounted only while open: a closed dialog in every row's cell kept the table from showing its rows. */}
      {isRenaming && <RenameDialog child={child} onCancel={() => setRenaming(false)} onRename={rename} />}
    </Space>
  );
}

const slots: PageSlots = { toolbar: CreateChildAccount, rowActions: ChildAccountActions };
export default slots;
