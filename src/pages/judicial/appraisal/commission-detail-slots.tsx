import { App, Button, Card, Space } from "antd";
import { Link } from "react-router";
import { useApplicantOpinionUrl } from "../../../providers/appraisal-files";
import { useAppLinks } from "../../../providers/app-links-context";
import { useEvidenceLibraryClient } from "../../../providers/evidence-library-client";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import type { ListSlotProps, PageSlots } from "../../../resources/types";
import { APPRAISAL_ENDPOINTS, type CommissionDetail } from "../../../schema/judicial-expert";
import { JUDICIAL_PAY_PARAMS } from "../../../schema/judicial-pay";
import { withRecordId } from "../../kinds/record-links";
import { refusalOf } from "../../kinds/server-refusal";
import { CommissionEvidence, CommissionTimeline, OpinionCard } from "./commission-parts";

/**
 * Below an applicant's commission (dataDetail): what they can do now (pay the quoted fee, withdraw
 * before payment), the opinion once issued with its own certificate, the commissioned evidence and
 * the timeline.
 */
function CommissionPanel({ record, refresh }: ListSlotProps & { record?: Record<string, unknown> }) {
  const commission = record as unknown as CommissionDetail | undefined;
  const links = useAppLinks();
  const library = useEvidenceLibraryClient();
  const opinionUrl = useApplicantOpinionUrl();
  if (!commission?.id) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }}>
      <Card size="small" title="办理">
        <Space wrap>
          {commission.actions.includes("pay") && (
            <Link to={`${links.judicialPay}?${new URLSearchParams({ [JUDICIAL_PAY_PARAMS.commission]: String(commission.id) })}`}>
              <Button type="primary">支付鉴定费</Button>
            </Link>
          )}
          {commission.actions.includes("withdraw") && <WithdrawButton id={commission.id} onDone={refresh} />}
          {commission.paymentId && <Link to={withRecordId(links.judicialPayment, commission.paymentId)}>查看支付记录</Link>}
          {commission.actions.length === 0 && !commission.paymentId && <span>当前无需您操作</span>}
        </Space>
      </Card>
      <OpinionCard
        opinion={commission.opinion}
        downloadUrl={() => opinionUrl(commission.id)}
        extra={commission.opinion && <Link to={withRecordId(links.evidenceCertificate, commission.opinion.evidenceId)}>意见书存证证书</Link>}
      />
      <CommissionEvidence evidence={commission.evidence} urlOf={library.holderItemUrl} />
      <Card size="small" title="办理进度">
        <CommissionTimeline events={commission.events} />
      </Card>
    </Space>
  );
}

function WithdrawButton({ id, onDone }: { id: number; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const { send } = useEndpointMutation(APPRAISAL_ENDPOINTS.withdraw);
  return (
    <Button
      danger
      onClick={() =>
        modal.confirm({
          title: "撤回鉴定委托",
          content: "撤回后鉴定机构将不再办理此委托，且不能恢复。",
          okText: "确认撤回",
          cancelText: "取消",
          onOk: async () => {
            try {
              await send({ id });
              message.success("委托已撤回");
              onDone();
            } catch (error) {
              message.error(refusalOf(error).message);
            }
          },
        })
      }
    >
      撤回委托
    </Button>
  );
}

const slots: PageSlots = { panel: CommissionPanel };
export default slots;
