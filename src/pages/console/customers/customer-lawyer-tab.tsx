import { Alert, App, Button, Modal, Skeleton, Space } from "antd";
import { useState } from "react";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { useOperatorPermission } from "../../../providers/use-operator-permission";
import { CUSTOMER_REASON_MAX_LENGTH } from "../../../schema/console/customers";
import { CUSTOMER_LAWYER_ENDPOINTS, CustomerLawyerSchema, LAWYER_PERMISSION, LawyerProfileFormSchema, type CustomerLawyer } from "../../../schema/console/lawyers";
import { ConfirmWithReasonDialog } from "../../../components/confirm-with-reason-dialog";
import { SchemaForm } from "../../kinds/schema-form";
import { refusalOf } from "../../kinds/server-refusal";
import { FieldList } from "./customer-tabs";

const UnmarkSchema = CUSTOMER_LAWYER_ENDPOINTS.unmark.input;

/**
 * The customer's lawyer mark (issue 17): whether the account may be marked, its profile, and for
 * an operator holding lawyers.manage the mark, the profile's edits and taking the mark away, each
 * with a reason the audit trail keeps.
 */
export function LawyerTab({ customerId }: { customerId: number }) {
  const { datas: answer, query } = useEndpointQuery(CUSTOMER_LAWYER_ENDPOINTS.detail, { id: customerId });
  const datas = query.isSuccess ? answer : undefined;
  const canManage = useOperatorPermission(LAWYER_PERMISSION);
  const refresh = () => void query.refetch();
  if (query.isError) return <Alert type="error" showIcon message={query.error.message} />;
  if (!datas) return <Skeleton active />;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {!datas.isLawyer && datas.ineligibleReason && <Alert type="info" showIcon message={datas.ineligibleReason} />}
      {datas.profile ? <FieldList schema={CustomerLawyerSchema.shape.profile.unwrap()} record={datas.profile} /> : <Alert type="info" message="该账号不是律师" />}
      {canManage && <LawyerActions customerId={customerId} lawyer={datas} refresh={refresh} />}
    </Space>
  );
}

function LawyerActions({ customerId, lawyer, refresh }: { customerId: number; lawyer: CustomerLawyer; refresh: () => void }) {
  const mark = useEndpointMutation(CUSTOMER_LAWYER_ENDPOINTS.mark);
  const unmark = useEndpointMutation(CUSTOMER_LAWYER_ENDPOINTS.unmark);
  const { message } = App.useApp();
  const [open, setOpen] = useState<"mark" | "unmark" | null>(null);
  const markLabel = lawyer.isLawyer ? "修改律师资料" : "标记为律师";
  const { profile } = lawyer;

  async function submit(values: Record<string, unknown>) {
    try {
      await mark.send({ id: customerId, ...(values as Omit<Parameters<typeof mark.send>[0], "id">) });
    } catch (error) {
      return refusalOf(error);
    }
    setOpen(null);
    message.success(lawyer.isLawyer ? "律师资料已修改" : "已标记为律师");
    refresh();
    return null;
  }

  return (
    <Space>
      <Button type="primary" disabled={!lawyer.isEligible} onClick={() => setOpen("mark")}>
        {markLabel}
      </Button>
      {lawyer.isLawyer && (
        <Button danger onClick={() => setOpen("unmark")}>
          取消律师标记
        </Button>
      )}
      <Modal open={open === "mark"} title={markLabel} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        <SchemaForm
          schema={LawyerProfileFormSchema}
          submitLabel={`确认${markLabel}`}
          initialValues={profile ? { displayName: profile.displayName, lawFirm: profile.lawFirm, practiceAreas: profile.practiceAreas, licenceNo: profile.licenceNo } : undefined}
          onSubmit={submit}
        />
      </Modal>
      {open === "unmark" && (
        <ConfirmWithReasonDialog
          title="取消律师标记"
          okText="确认取消"
          isDangerous
          consequence="取消后该账号不再出现在律师列表中，用户不能再向其发起咨询；已有的咨询仍可继续与查阅。"
          reasonLabel="原因"
          reasonName="原因"
          isReasonRequired
          maxLength={CUSTOMER_REASON_MAX_LENGTH}
          check={(reason) => UnmarkSchema.safeParse({ id: customerId, reason })}
          send={(input) => unmark.send(input)}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            message.success("已取消律师标记");
            refresh();
          }}
        />
      )}
    </Space>
  );
}
