import { UploadOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { Alert, Button, Space, Table, Tag, Typography, Upload } from "antd";
import { useState } from "react";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { formatFieldValue, describeFields } from "../../resources/field-meta";
import { MONITOR_ENDPOINTS, MONITOR_LIMITS, MonitorWorkSchema, WORK_KIND_LABELS, WORK_UPLOAD_RULES, type MonitorWork, type UploadedWorkKind } from "../../schema/monitor";
import { acceptAttribute, checkUpload } from "../../schema/upload";

const SETTLING_REFRESH_MS = 2000;
const SIZE_FIELD = describeFields(MonitorWorkSchema, ["size"])[0];

/**
 * The works a task protects: the holder's works of the channel's kind (getWorkList), chosen
 * several at a time once their fingerprints are ready, and new ones uploaded here (uploadFile),
 * each file checked in the browser by the kind's upload rule first.
 */
export function TaskWorkPicker({ kind, value = [], onChange }: { kind: UploadedWorkKind; value?: number[]; onChange?: (ids: number[]) => void }) {
  const { datas, query } = useEndpointQuery(MONITOR_ENDPOINTS.works, { kind }, {
    // A work is fingerprinted after its upload; the list follows it until it is ready or failed.
    refetchInterval: (latest) => {
      const list = (latest.state.data as { data?: MonitorWork[] } | undefined)?.data ?? [];
      return list.some((work) => !work.ready && !work.failure) ? SETTLING_REFRESH_MS : false;
    },
  });
  const works = query.isSuccess && datas ? datas : [];
  const { send, mutation } = useEndpointMutation(MONITOR_ENDPOINTS.uploadFile);
  const [problem, setProblem] = useState<string | null>(null);
  const rule = WORK_UPLOAD_RULES[kind];

  async function upload(file: File) {
    const found = checkUpload(file, rule);
    setProblem(found);
    if (found) return;
    try {
      const work = await send({ kind }, { file });
      await query.refetch();
      onChange?.([...value, work.id]);
    } catch (error) {
      setProblem((error as HttpError).message);
    }
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Upload
          accept={acceptAttribute(rule)}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={mutation.isPending}>
            上传{WORK_KIND_LABELS[kind]}
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          支持 {rule.extensions?.join("、")}；已选择 {value.length} 件（最多 {MONITOR_LIMITS.maxWorks} 件）
        </Typography.Text>
      </Space>
      {problem && <Alert type="error" showIcon message={problem} />}
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      <Table
        size="small"
        rowKey="id"
        aria-label="我的作品"
        loading={query.isPending}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: `暂无${WORK_KIND_LABELS[kind]}，请先上传` }}
        dataSource={works}
        rowSelection={{
          selectedRowKeys: value,
          onChange: (keys) => onChange?.(keys.map(Number)),
          getCheckboxProps: (work) => ({ disabled: !work.ready, "aria-label": `选择 ${work.name}` }),
        }}
        columns={[
          { key: "name", title: "作品名称", dataIndex: "name", ellipsis: true },
          { key: "summary", title: "摘要", dataIndex: "summary", ellipsis: true },
          { key: "size", title: "大小", width: 100, render: (_: unknown, work: MonitorWork) => formatFieldValue(SIZE_FIELD, work.size) },
          { key: "ready", title: "指纹", width: 200, render: (_: unknown, work: MonitorWork) => <WorkState work={work} /> },
        ]}
      />
    </Space>
  );
}

function WorkState({ work }: { work: MonitorWork }) {
  if (work.ready) return <Tag color="success">已就绪</Tag>;
  if (work.failure) return <Typography.Text type="danger">{work.failure}</Typography.Text>;
  return <Tag color="processing">计算中</Tag>;
}
