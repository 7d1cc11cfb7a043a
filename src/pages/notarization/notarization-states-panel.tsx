import { Table, Tag, Typography } from "antd";
import type { PageSlots } from "../../resources/types";
import { NOTARIZATION_STATE_COLORS, NOTARIZATION_STATE_LABELS, NOTARIZATION_STATES, type NotarizationState } from "../../schema/notarization";

/** What each state of an application means for the applicant and the payment (spec §4). */
const STATE_MEANINGS: Record<NotarizationState, string> = {
  draft: "已保存但尚未提交，可以继续修改或撤回；不冻结套餐，不扣费。",
  submitted: "已提交给公证处，等待受理；所选套餐冻结，或公证费已从余额预扣。此时仍可撤回。",
  accepted: "公证处已受理，尚未开始审核，此时仍可撤回，撤回后套餐恢复可用、预扣费用退回。",
  reviewing: "公证员正在审核证据及其存证证明，审核开始后不能撤回。",
  supplementing: "公证处要求补充材料，请在申请详情中按要求补充，补充后回到审核中。",
  approved: "审核通过，套餐计为已使用（您会收到使用通知）或公证费结算，等待公证处出具公证书。",
  issued: "公证书已出具，可在申请详情中下载，并可凭公证书编号在公证书查询页公开核验。",
  rejected: "公证处驳回了申请并写明理由；套餐恢复可用，预扣的公证费退回余额。",
  withdrawn: "您已撤回申请；套餐恢复可用，预扣的公证费退回余额。",
};

/** The guidance's table of states, from the lifecycle's own labels. */
function StatesPanel() {
  return (
    <section aria-label="申请状态">
      <Typography.Title level={5}>申请状态说明</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="state"
        dataSource={NOTARIZATION_STATES.map((state) => ({ state, meaning: STATE_MEANINGS[state] }))}
        columns={[
          { key: "state", title: "状态", dataIndex: "state", width: 170, render: (state: NotarizationState) => <Tag color={NOTARIZATION_STATE_COLORS[state]}>{NOTARIZATION_STATE_LABELS[state]}</Tag> },
          { key: "meaning", title: "说明", dataIndex: "meaning" },
        ]}
      />
    </section>
  );
}

const slots: PageSlots = { panel: StatesPanel };
export default slots;
