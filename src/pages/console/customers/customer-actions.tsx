import { App, Button, Modal, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { CUSTOMER_ENDPOINTS, CustomerReasonFormSchema, type CustomerDetail } from "../../../schema/console/customers";
import { SchemaForm } from "../../kinds/schema-form";
import { refusalOf } from "../../kinds/server-refusal";

/** What an operator holding customers.manage may do to a customer; the page shows these only to them. */

type Refresh = { refresh: () => void };

/**
 * A button whose change runs once confirmed: it says how it went and reads the customer again
 * either way (the state may have moved meanwhile).
 */
function ConfirmedChange({ confirm, label, isLink, change, refresh }: Refresh & { confirm: string; label: string; isLink?: boolean; change: () => Promise<string> }) {
  const { message } = App.useApp();
  async function run() {
    try {
      message.success(await change());
    } catch (error) {
      message.error(refusalOf(error).message);
    } finally {
      refresh();
    }
  }
  return (
    <Popconfirm title={confirm} okText={label} cancelText="取消" onConfirm={run}>
      <Button danger type={isLink ? "link" : "default"} size={isLink ? "small" : "middle"}>
        {label}
      </Button>
    </Popconfirm>
  );
}

export function EndSessionButton({ customerId, sessionRef, refresh }: Refresh & { customerId: number; sessionRef: string }) {
  const { send } = useEndpointMutation(CUSTOMER_ENDPOINTS.endSession);
  const change = async () => (await send({ id: customerId, sessionRef }), "已结束该会话");
  return <ConfirmedChange confirm="结束该会话后，客户在该设备上需重新登录，确定结束吗？" label="结束会话" isLink change={change} refresh={refresh} />;
}

export function EndAllSessionsButton({ customerId, refresh }: Refresh & { customerId: number }) {
  const { send } = useEndpointMutation(CUSTOMER_ENDPOINTS.endAllSessions);
  const change = async () => `已结束 ${(await send({ id: customerId })).endedSessions} 个会话`;
  return <ConfirmedChange confirm="客户将在所有设备上退出登录，确定全部下线吗？" label="全部下线" change={change} refresh={refresh} />;
}

const STATUS_CHANGES = {
  disable: {
    endpoint: CUSTOMER_ENDPOINTS.disable,
    label: "停用账号",
    explanation: "停用后，该账号及其子账号立即退出登录且不能再登录；已保全的存证不受影响，启用后恢复。",
    done: "账号已停用",
  },
  enable: {
    endpoint: CUSTOMER_ENDPOINTS.enable,
    label: "启用账号",
    explanation: "启用后该账号可以重新登录；若其主账号也停用了该子账号，仍须主账号启用。",
    done: "账号已启用",
  },
} as const;

/**
 * 停用账号 for an account the platform does not hold disabled, 启用账号 for one it does; either asks
 * for the reason the audit trail keeps. A cancelled account offers neither.
 */
export function CustomerStatusActions({ customer, refresh }: Refresh & { customer: CustomerDetail }) {
  const { profile } = customer;
  if (profile.status === "cancelled") return null;
  const kind = profile.disabledBy.includes("operator") ? "enable" : "disable";
  return <StatusChange key={kind} kind={kind} customerId={profile.id} refresh={refresh} />;
}

function StatusChange({ kind, customerId, refresh }: Refresh & { kind: keyof typeof STATUS_CHANGES; customerId: number }) {
  const change = STATUS_CHANGES[kind];
  const { send } = useEndpointMutation(change.endpoint);
  const { message } = App.useApp();
  const [isOpen, setOpen] = useState(false);

  async function submit(values: Record<string, unknown>) {
    try {
      await send({ id: customerId, reason: String(values.reason) });
    } catch (error) {
      return refusalOf(error);
    }
    setOpen(false);
    message.success(change.done);
    refresh();
    return null;
  }

  return (
    <>
      <Button danger={kind === "disable"} type={kind === "enable" ? "primary" : "default"} onClick={() => setOpen(true)}>
        {change.label}
      </Button>
      <Modal open={isOpen} title={change.label} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{change.explanation}</Typography.Paragraph>
        <SchemaForm schema={CustomerReasonFormSchema} submitLabel={`确认${change.label.slice(0, 2)}`} onSubmit={submit} />
      </Modal>
    </>
  );
}
