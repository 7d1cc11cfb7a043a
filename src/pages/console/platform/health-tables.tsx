import { Card, Descriptions, Table, Tag, Typography } from "antd";
import {
  QueueHealthSchema,
  TsaHealthSchema,
  WitnessHealthSchema,
  type PlatformHealth,
  type QueueHealth,
  type WitnessHealth,
} from "../../../schema/console/platform-health";
import { formatDateTime } from "../../../schema/format";
import { figureOf, labelOf } from "./health-fields";

/** The health page's lists: witnesses, the time-stamp authority, the job queues. */

/** A witness needs attention when it is offline or its last submission failed. */
export const hasWitnessTrouble = (witness: WitnessHealth) => !witness.isOnline || witness.lastError !== null;

const witnessLabel = (name: keyof WitnessHealth) => labelOf(WitnessHealthSchema, name);

export function WitnessTable({ witnesses }: Pick<PlatformHealth, "witnesses">) {
  return (
    <Card size="small" title="见证者">
      <Table<WitnessHealth>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={witnesses}
        locale={{ emptyText: "未配置见证者：检查点只有平台自己的签名" }}
        columns={[
          { key: "name", title: witnessLabel("name"), dataIndex: "name" },
          { key: "url", title: witnessLabel("url"), dataIndex: "url", render: (url: string | null) => url ?? "本进程内" },
          {
            key: "isOnline",
            title: witnessLabel("isOnline"),
            dataIndex: "isOnline",
            render: (isOnline: boolean) => (isOnline ? <Tag color="success">在线</Tag> : <Tag color="error">离线</Tag>),
          },
          { key: "cosignedSize", title: witnessLabel("cosignedSize"), dataIndex: "cosignedSize", render: (size: number | null) => size ?? "尚未连署" },
          {
            key: "lastCosignedAt",
            title: witnessLabel("lastCosignedAt"),
            dataIndex: "lastCosignedAt",
            render: (at: number | null) => figureOf(WitnessHealthSchema, "lastCosignedAt", at, "尚未连署"),
          },
          {
            key: "lastError",
            title: witnessLabel("lastError"),
            dataIndex: "lastError",
            render: (error: string | null) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : "无"),
          },
        ]}
      />
    </Card>
  );
}

export function TsaCard({ tsa }: Pick<PlatformHealth, "tsa">) {
  return (
    <Card size="small" title="可信时间戳（RFC 3161）">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: "url",
            label: labelOf(TsaHealthSchema, "url"),
            children: tsa.url ?? (
              <span>
                <Tag>未配置</Tag>证书注明时间为本平台服务器时间
              </span>
            ),
          },
          ...(tsa.url
            ? [
                {
                  key: "lastToken",
                  label: labelOf(TsaHealthSchema, "lastToken"),
                  children: tsa.lastToken ? `${formatDateTime(tsa.lastToken.genTime)}（树大小 ${tsa.lastToken.treeSize}）` : "尚无时间戳",
                },
                {
                  key: "lastError",
                  label: `${labelOf(TsaHealthSchema, "lastError")}（本进程）`,
                  children: tsa.lastError ? (
                    <Typography.Text type="danger">
                      {formatDateTime(tsa.lastError.at)} {tsa.lastError.message}
                    </Typography.Text>
                  ) : (
                    "无"
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

const queueLabel = (name: keyof QueueHealth) => labelOf(QueueHealthSchema, name);

export function QueueTable({ queues }: Pick<PlatformHealth, "queues">) {
  return (
    <Card size="small" title="任务队列">
      <Table<QueueHealth>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={queues}
        columns={[
          { key: "name", title: queueLabel("name"), dataIndex: "name" },
          { key: "waiting", title: queueLabel("waiting"), dataIndex: "waiting", align: "right" },
          { key: "running", title: queueLabel("running"), dataIndex: "running", align: "right" },
          {
            key: "failed",
            title: queueLabel("failed"),
            dataIndex: "failed",
            align: "right",
            render: (failed: number) => (failed > 0 ? <Typography.Text type="danger">{failed}</Typography.Text> : failed),
          },
        ]}
      />
    </Card>
  );
}
