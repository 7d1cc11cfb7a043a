import type { HttpError } from "@refinedev/core";
import { Alert, App, Button, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { DEVICE_ENDPOINTS } from "../../schema/device";
import { formatDuration } from "../../schema/format";
import { MOBILE_ARRAY_ENDPOINTS, MobileArrayStartSchema } from "../../schema/mobile-array";
import { MOBILE_ARRAY_MAX_DEVICES, RECORDING_ENDPOINTS, RECORDING_STATE_COLORS, RECORDING_STATE_LABELS, type RecordingRecord } from "../../schema/recording";
import { SectionPageFrame } from "../kinds/section-page-frame";

/**
 * /evidenceTaken/mobileArray/new (and, in a phone frame, ifrmobile): choose the bound devices and
 * start the group; then each chosen device's part as it joins and records, live, until 结束取证
 * stops the group and every part with it.
 */
export function MobileArrayConsole({ route, compact = false }: SectionPageProps & { compact?: boolean }) {
  const [group, setGroup] = useState<RecordingRecord | null>(null);
  return group ? <ArrayProgress route={route} group={group} onDone={() => setGroup(null)} compact={compact} /> : <ArrayForm route={route} onStarted={setGroup} />;
}

function ArrayForm({ route, onStarted }: SectionPageProps & { onStarted: (group: RecordingRecord) => void }) {
  const { datas: devices } = useEndpointQuery(DEVICE_ENDPOINTS.list, { pageNumber: 1, pageSize: 100, state: "active" });
  const { send, mutation } = useEndpointMutation(MOBILE_ARRAY_ENDPOINTS.start);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm();

  async function submit() {
    setProblem(null);
    const checked = MobileArrayStartSchema.safeParse(form.getFieldsValue(true));
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    try {
      onStarted(await send(checked.data));
    } catch (error) {
      setProblem((error as HttpError).message);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: "", purpose: "", deviceIds: [] }} style={{ maxWidth: 560 }}>
      <Form.Item name="name" label="取证名称" required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="purpose" label="取证用途">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
      <Form.Item name="deviceIds" label={`参与设备（2–${MOBILE_ARRAY_MAX_DEVICES} 台）`} required>
        <Select mode="multiple" placeholder="选择已绑定的设备" options={(devices?.list ?? []).map((device) => ({ value: device.id, label: `${device.name}（${device.model ?? "型号未知"}）` }))} />
      </Form.Item>
      {devices?.list && devices.list.length < 2 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="至少需要 2 台已绑定的设备，请先在“电子印章 › 设备列表”中添加设备" />
      )}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        发起阵列取证
      </Button>
    </Form>
  );
}

function ArrayProgress({ route, group, onDone, compact }: SectionPageProps & { group: RecordingRecord; onDone: () => void; compact: boolean }) {
  const { message } = App.useApp();
  const live = { refetchInterval: 2000 };
  const { datas: detail } = useEndpointQuery(RECORDING_ENDPOINTS.one, { id: group.id }, live);
  const { datas: members } = useEndpointQuery(MOBILE_ARRAY_ENDPOINTS.members, { id: group.id }, live);
  const stop = useEndpointMutation(RECORDING_ENDPOINTS.stop);
  const state = detail?.state ?? group.state;
  const partOf = (partId: number | null) => detail?.parts?.find((part) => part.id === partId);
  const list = siblingPath(route, "dataList");

  async function finish() {
    try {
      await stop.send({ id: group.id });
      message.success("已结束取证，正在封存所有设备的录制");
    } catch (error) {
      message.error((error as HttpError).message);
    }
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Text>
        {group.name}（编号 {group.id}）：<Tag color={RECORDING_STATE_COLORS[state]}>{RECORDING_STATE_LABELS[state]}</Tag>
      </Typography.Text>
      <Typography.Text type="secondary">被选中的设备在其取证应用中加入本次阵列（编号 {group.id}）后开始录制。</Typography.Text>
      <Table
        size="small"
        rowKey="deviceId"
        pagination={false}
        dataSource={Array.isArray(members) ? members : []}
        columns={[
          { title: "设备", dataIndex: "deviceName" },
          { title: "状态", key: "state", render: (_value, member) => (partOf(member.partId) ? <Tag color={RECORDING_STATE_COLORS[partOf(member.partId)!.state]}>{RECORDING_STATE_LABELS[partOf(member.partId)!.state]}</Tag> : <Tag>等待加入</Tag>) },
          ...(compact ? [] : [{ title: "已录制", key: "duration", render: (_value: unknown, member: { partId: number | null }) => formatDuration((partOf(member.partId)?.durationMs ?? 0) / 1000) }]),
          { title: "分片", key: "chunks", render: (_value, member) => partOf(member.partId)?.chunks ?? 0 },
        ]}
      />
      <Space>
        {state === "recording" ? (
          <Button type="primary" danger onClick={() => void finish()} loading={stop.mutation.isPending}>
            结束取证
          </Button>
        ) : (
          <Button onClick={onDone}>发起新的阵列取证</Button>
        )}
        {list && <Link to={list}>查看取证列表</Link>}
      </Space>
    </Space>
  );
}

export default function MobileArrayPage({ route }: SectionPageProps) {
  return (
    <SectionPageFrame route={route}>
      <MobileArrayConsole route={route} />
    </SectionPageFrame>
  );
}
