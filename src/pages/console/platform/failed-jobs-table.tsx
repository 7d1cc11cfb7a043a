import { Card, Table, Typography } from "antd";
import { ConfirmedActionButton } from "../../../components/confirmed-action-button";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { useOperatorSession } from "../../../providers/session-context";
import { isPermitted } from "../../../schema/console/permissions";
import { FailedJobSchema, PLATFORM_HEALTH_ENDPOINTS, type FailedJob, type PlatformHealth } from "../../../schema/console/platform-health";
import { formatDateTime } from "../../../schema/format";
import { labelOf } from "./health-fields";

const failedLabel = (name: keyof FailedJob) => labelOf(FailedJobSchema, name);

/**
 * 失败任务 (issue 20): the jobs that ran out of tries, newest first, with 重试 for an operator whose
 * roles allow it (the server checks it again and records it in the audit trail).
 */
export function FailedJobTable({ failedJobs, onRetried }: Pick<PlatformHealth, "failedJobs"> & { onRetried: () => void }) {
  const session = useOperatorSession();
  const mayRetry = session ? isPermitted(session.operator.permissions, PLATFORM_HEALTH_ENDPOINTS.retryFailedJob.permission ?? "signedIn") : false;
  return (
    <Card size="small" title="失败任务">
      <Table<FailedJob>
        size="small"
        rowKey={(job) => `${job.queue}#${job.rowId}`}
        pagination={false}
        dataSource={failedJobs}
        locale={{ emptyText: "没有失败的任务" }}
        columns={[
          { key: "queueName", title: failedLabel("queueName"), dataIndex: "queueName" },
          { key: "rowId", title: failedLabel("rowId"), dataIndex: "rowId", align: "right" },
          { key: "attempts", title: failedLabel("attempts"), dataIndex: "attempts", align: "right" },
          { key: "lastError", title: failedLabel("lastError"), dataIndex: "lastError", render: (error: string) => <Typography.Text type="danger">{error || "无"}</Typography.Text> },
          { key: "failedAt", title: failedLabel("failedAt"), dataIndex: "failedAt", render: (at: number) => formatDateTime(at) },
          ...(mayRetry ? [{ key: "actions", title: "操作", render: (_: unknown, job: FailedJob) => <RetryJob job={job} onRetried={onRetried} /> }] : []),
        ]}
      />
    </Card>
  );
}

function RetryJob({ job, onRetried }: { job: FailedJob; onRetried: () => void }) {
  const { send } = useEndpointMutation(PLATFORM_HEALTH_ENDPOINTS.retryFailedJob);
  return (
    <ConfirmedActionButton
      label="重试"
      title="重试任务"
      okText="确认重试"
      description={`将“${job.queueName}”的第 ${job.rowId} 号记录重新排队，由处理进程从中断处继续。此操作记入操作审计。`}
      perform={async () => {
        await send({ queue: job.queue, rowId: job.rowId });
        onRetried();
        return "已重新排队，处理进程将从中断处继续";
      }}
    />
  );
}
