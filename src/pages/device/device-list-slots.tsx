import { PlusOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { App, Button, Input, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../providers/use-endpoint";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../resources/types";
import { DEVICE_ENDPOINTS, DEVICE_NAME_MAX, DeviceNameSchema, type DeviceRecord } from "../../schema/device";
import { BindCodeModal } from "./bind-code-modal";

/** What the device list (/evidenceTaken/ElectronicSeal/deviceList) adds to the generic list: 添加设备, 重命名, 解绑. */

export const UNBIND_CONFIRM_TEXT = "解绑后该设备不能再上传录制，也不能再使用电子印章，确定解绑吗？";

function AddDevice({ refresh }: ListSlotProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        添加设备
      </Button>
      {isOpen && (
        <BindCodeModal
          onClose={() => {
            setOpen(false);
            refresh();
          }}
        />
      )}
    </>
  );
}

function DeviceActions({ record, refresh }: RowActionsProps) {
  const device = record as unknown as DeviceRecord;
  const { message } = App.useApp();
  const unbind = useEndpointMutation(DEVICE_ENDPOINTS.unbind);
  const rename = useEndpointMutation(DEVICE_ENDPOINTS.rename);
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (device.state !== "active") return null;

  async function saveName() {
    const checked = DeviceNameSchema.safeParse(name);
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    try {
      await rename.send({ id: device.id, name: checked.data });
      setName(null);
      message.success("已修改设备名称");
      refresh();
    } catch (error) {
      setProblem((error as HttpError).message);
    }
  }
  async function confirmUnbind() {
    try {
      await unbind.send({ id: device.id });
      message.success("设备已解绑");
    } catch (error) {
      message.error((error as HttpError).message);
    }
    refresh();
  }

  return (
    <Space size="small">
      <Button type="link" size="small" onClick={() => (setProblem(null), setName(device.name))}>
        重命名
      </Button>
      <Popconfirm title={UNBIND_CONFIRM_TEXT} okText="解绑" cancelText="取消" onConfirm={confirmUnbind}>
        <Button type="link" size="small" danger>
          解绑
        </Button>
      </Popconfirm>
      {name !== null && (
        <Modal open title="修改设备名称" onCancel={() => setName(null)} onOk={saveName} okText="保存" cancelText="取消" confirmLoading={rename.mutation.isPending} destroyOnHidden>
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={DEVICE_NAME_MAX} aria-label="设备名称" status={problem ? "error" : undefined} />
          {problem && <div style={{ color: "#ff4d4f" }}>{problem}</div>}
        </Modal>
      )}
    </Space>
  );
}

const slots: PageSlots = { toolbar: AddDevice, rowActions: DeviceActions };
export default slots;
