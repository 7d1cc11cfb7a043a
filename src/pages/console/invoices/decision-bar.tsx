import { Alert, App, Button, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { CONSOLE_INVOICE_ENDPOINTS, INVOICE_KIND_LABELS, INVOICE_REASON_MAX_LENGTH, INVOICE_STATE_LABELS, invoiceActionsFor, ReasonedApplicationSchema, type ConsoleApplication } from "../../../schema/invoice";
import { refusalOf } from "../../kinds/server-refusal";
import { ReasonDialog } from "../reason-dialog";

/** What each decision says once the server has answered, by the state the application reached. */
function outcomeText(application: ConsoleApplication): string {
  const blue = application.invoices.find((invoice) => invoice.direction === "blue");
  switch (application.state) {
    case "issued":
      return blue ? `已开具发票 ${blue.invoiceNo}` : "已开具发票";
    case "rejected":
      return `已驳回开票申请 ${application.id}`;
    case "reversed":
      return `已红冲开票申请 ${application.id}`;
    default:
      return `开票申请 ${application.id} 当前为「${INVOICE_STATE_LABELS[application.state]}」`;
  }
}

/** The decisions whose reason the customer reads: what their dialog says. */
const REASONED_DECISIONS = {
  reject: {
    title: "驳回开票申请",
    action: "驳回",
    label: "驳回原因",
    help: "用户将在开票记录中看到这一原因，请写明需要修改什么；所选订单可重新申请。",
    placeholder: "例如：发票抬头与付款单位不一致",
  },
  reverse: {
    title: "红冲开票申请",
    action: "红冲",
    label: "红冲原因",
    help: "将开具红字发票冲销原发票，用户将看到这一原因；红冲后原订单可重新申请开票。",
    placeholder: "例如：客户要求更正发票抬头",
  },
} as const;
type ReasonedDecision = keyof typeof REASONED_DECISIONS;

/**
 * The decisions finance may take now, read from the state machine (invoiceActionsFor): 开票 and
 * 驳回 while pending, 红冲 once issued. An application left 开票中 or 红冲中 (the issuer did not
 * answer) offers the retry its endpoint promises, which never issues twice.
 */
export function DecisionBar({ application, onChanged }: { application: ConsoleApplication; onChanged: () => void }) {
  const { message } = App.useApp();
  const approve = useEndpointMutation(CONSOLE_INVOICE_ENDPOINTS.approve);
  const reject = useEndpointMutation(CONSOLE_INVOICE_ENDPOINTS.reject);
  const reverse = useEndpointMutation(CONSOLE_INVOICE_ENDPOINTS.reverse);
  const reasoned = { reject, reverse };
  const [dialog, setDialog] = useState<ReasonedDecision | null>(null);
  const actions = invoiceActionsFor(application.state, "finance");
  const { id } = application;

  function done(answer: ConsoleApplication) {
    setDialog(null);
    if (answer.state === "issuing" || answer.state === "reversing") message.warning(`${outcomeText(answer)}，开票服务尚未完成，请稍后重试`);
    else message.success(outcomeText(answer));
    onChanged();
  }

  /** A refusal naming no field (decided meanwhile by someone else): say so and show the application as it is now. */
  function failed(text: string) {
    setDialog(null);
    message.error(text);
    onChanged();
  }

  async function issue() {
    try {
      done(await approve.send({ id }));
    } catch (error) {
      failed(refusalOf(error).message);
    }
  }

  async function retryReversal() {
    try {
      done(await reverse.send({ id, reason: application.reverseReason ?? "" }));
    } catch (error) {
      failed(refusalOf(error).message);
    }
  }

  /** The reason as the decision's call reads it (2-200 characters). */
  function checkReason(reason: string) {
    const checked = ReasonedApplicationSchema.safeParse({ id, reason });
    const problem = checked.success ? null : checked.error.issues.find((issue) => issue.path[0] === "reason");
    return problem ? { problem: problem.message } : { reason: checked.data!.reason };
  }

  const isRetry = application.state === "issuing" || application.state === "reversing";
  if (actions.length === 0 && !isRetry) return null;
  return (
    <div>
      {isRetry && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={application.state === "issuing" ? "开票服务尚未返回开具结果" : "开票服务尚未返回红冲结果"}
          description="可以重试；重试不会重复开票。"
        />
      )}
      <Space>
        {(actions.includes("approve") || application.state === "issuing") && (
          <Popconfirm
            title={application.state === "issuing" ? "重试开具该发票？" : "确认开具发票？"}
            description={`将按申请时的抬头开具${INVOICE_KIND_LABELS[application.invoiceKind]}，开具后不能撤销，只能红冲。`}
            okText="开票"
            cancelText="取消"
            onConfirm={issue}
          >
            <Button type="primary" loading={approve.mutation.isPending}>
              {application.state === "issuing" ? "重试开具" : "开票"}
            </Button>
          </Popconfirm>
        )}
        {(Object.keys(REASONED_DECISIONS) as ReasonedDecision[])
          .filter((decision) => actions.includes(decision))
          .map((decision) => (
            <Button key={decision} danger onClick={() => setDialog(decision)}>
              {REASONED_DECISIONS[decision].action}
            </Button>
          ))}
        {application.state === "reversing" && (
          <Button danger loading={reverse.mutation.isPending} onClick={() => void retryReversal()}>
            重试红冲
          </Button>
        )}
      </Space>
      {dialog && (
        <ReasonDialog
          {...REASONED_DECISIONS[dialog]}
          title={`${REASONED_DECISIONS[dialog].title} ${id}`}
          maxLength={INVOICE_REASON_MAX_LENGTH}
          check={checkReason}
          onCancel={() => setDialog(null)}
          onSend={async (reason) => done(await reasoned[dialog].send({ id, reason }))}
          onFailed={failed}
        />
      )}
    </div>
  );
}
