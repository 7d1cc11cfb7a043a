import type { HttpError } from "@refinedev/core";
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Skeleton, Switch, Tooltip } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { pagePath, type SectionPageProps } from "../../resources/derive";
import { MONITOR_CHANNELS, MONITOR_ENDPOINTS, MONITOR_FREQUENCY_KEYS, MONITOR_FREQUENCY_LABELS, MONITOR_LIMITS, type MonitorChannel, type UploadedWorkKind } from "../../schema/monitor";
import { EvidencePicker, useChosenRecords } from "../notarization/evidence-picker";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { pageChannel, sectionPage } from "./monitor-route";
import { TaskAccountNotice } from "./task-account-notice";
import { formPath, issueAt, protectionOf, taskFormIssues, type TaskFormValues } from "./task-form-values";
import { countSites, TaskPrice } from "./task-price";
import { NEW_SITE, TaskSiteList } from "./task-site-list";
import { TaskWorkPicker } from "./task-work-picker";

/**
 * new and the prefixed *new pages: a monitoring task of the page's channel (its registry data).
 * A custom screen rather than the generic form: what is protected depends on the channel (uploaded
 * works, stored evidence or keywords), sites are a list of rows, and the bill and the account's
 * limits are shown live beside the fields. Every field is checked by the contract's schema.
 */
export default function TaskNewPage({ route }: SectionPageProps) {
  const channel = pageChannel(route);
  return (
    <SectionPageFrame route={route}>
      {channel ? <TaskForm route={route} channel={channel} /> : <Alert type="error" showIcon message="监测类型不正确" />}
    </SectionPageFrame>
  );
}

const INITIAL: Partial<TaskFormValues> = {
  name: "",
  workIds: [],
  evidenceIds: [],
  keywords: [],
  excludeKeywords: [],
  sites: [{ ...NEW_SITE }],
  weeks: 1,
  frequency: "daily",
  startMode: "now",
  startAt: null,
  autoCapture: true,
};

function TaskForm({ route, channel }: SectionPageProps & { channel: MonitorChannel }) {
  const [form] = Form.useForm<TaskFormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { datas, query: accountQuery } = useEndpointQuery(MONITOR_ENDPOINTS.account, {});
  const account = accountQuery.isSuccess ? datas : undefined;
  const { send, mutation } = useEndpointMutation(MONITOR_ENDPOINTS.createTask);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sites = Form.useWatch("sites", form);
  const weeks = Form.useWatch("weeks", form);
  const startMode = Form.useWatch("startMode", form);
  const evidenceIds = Form.useWatch("evidenceIds", form) ?? [];
  const chosenEvidence = useChosenRecords(evidenceIds, []);
  const protection = protectionOf(channel);
  const values = () => ({ ...INITIAL, ...form.getFieldsValue(true) }) as TaskFormValues;
  const ruleAt = (...place: PropertyKey[]): Rule => ({
    validator: async () => {
      const message = issueAt(taskFormIssues(channel, values()).issues, place);
      if (message) throw new Error(message);
    },
  });
  const limitsCode = account?.limitsCode ?? null;

  async function submit() {
    setRefusal(null);
    const { issues, call } = taskFormIssues(channel, values());
    if (!call) return setRefusal(issues[0].message);
    try {
      const task = await send(call);
      message.success(`监测任务“${task.name}”已创建`);
      navigate(tasksHref(route, channel));
    } catch (error) {
      const failure = error as HttpError;
      const errors = Object.entries((failure.errors ?? {}) as Record<string, string>);
      form.setFields(errors.map(([name, text]) => ({ name: formPath(name) as never, errors: [text] })));
      if (errors.length === 0) setRefusal(failure.message);
    }
  }

  return (
    <>
      {accountQuery.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {accountQuery.isError && <Alert type="warning" showIcon message={`监测账户暂时无法读取：${accountQuery.error.message}`} style={{ marginBottom: 16 }} />}
      {account && <TaskAccountNotice account={account} matchers={MONITOR_CHANNELS[channel].matchers} />}
      <Form form={form} layout="vertical" initialValues={INITIAL} onFinish={() => void submit()} style={{ maxWidth: 960 }}>
        <Form.Item name="name" label="任务名称" required rules={[ruleAt("name")]} validateTrigger="onBlur">
          <Input maxLength={MONITOR_LIMITS.nameMax + 1} placeholder={`例如：2026年${MONITOR_CHANNELS[channel].label}`} />
        </Form.Item>
        {protection === "works" && (
          <Form.Item name="workIds" label="保护作品" required rules={[ruleAt("workIds")]}>
            <TaskWorkPicker kind={MONITOR_CHANNELS[channel].works[0] as UploadedWorkKind} />
          </Form.Item>
        )}
        {protection === "evidence" && (
          <Form.Item name="evidenceIds" label="权属数据" required rules={[ruleAt("evidenceIds")]}>
            <EvidencePicker route={route} chosen={chosenEvidence} title="选择要监测的已存证作品" max={MONITOR_LIMITS.maxWorks} />
          </Form.Item>
        )}
        <Form.Item name="keywords" label="监测关键词" required={protection === "keywords"} rules={[ruleAt("keywords")]} extra={protection === "keywords" ? undefined : "选填：只比对含有这些关键词的页面"}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[",", "，"]} placeholder="输入后按回车添加" aria-label="监测关键词" />
        </Form.Item>
        {protection === "keywords" && (
          <Form.Item name="excludeKeywords" label="排除关键词" rules={[ruleAt("excludeKeywords")]}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[",", "，"]} placeholder="含有这些词的页面不计入结果" aria-label="排除关键词" />
          </Form.Item>
        )}
        <Form.Item label="监测站点" required>
          <TaskSiteList ruleFor={(index, field) => ruleAt("sites", index, field)} />
        </Form.Item>
        <Form.Item name="weeks" label="监测周期（周）" required rules={[ruleAt("weeks")]}>
          <InputNumber min={MONITOR_LIMITS.minWeeks} max={MONITOR_LIMITS.maxWeeks} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="frequency" label="监测频率" rules={[ruleAt("frequency")]}>
          <Select options={MONITOR_FREQUENCY_KEYS.map((key) => ({ value: key, label: MONITOR_FREQUENCY_LABELS[key] }))} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="startMode" label="开始时间">
          <Radio.Group
            options={[
              { value: "now", label: "立即开始" },
              { value: "later", label: "指定时间" },
            ]}
          />
        </Form.Item>
        {startMode === "later" && (
          <Form.Item name="startAt" rules={[ruleAt("startAt")]}>
            <DatePicker showTime aria-label="指定开始时间" format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        )}
        <Form.Item name="autoCapture" label="自动取证" valuePropName="checked" extra="开启后，每条疑似侵权结果自动取证存证；关闭则在确认侵权时取证">
          <Switch />
        </Form.Item>
        <Form.Item label="费用">
          <TaskPrice sites={countSites(sites)} weeks={Number(weeks ?? 0)} />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
        <Tooltip title={limitsCode !== null ? account?.limitsMessage : undefined}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={limitsCode !== null} aria-description={limitsCode !== null ? (account?.limitsMessage ?? undefined) : undefined}>
            提交
          </Button>
        </Tooltip>
      </Form>
    </>
  );
}

/** The new task's list: the section's tasks, filtered to its channel where that is not the list's own. */
function tasksHref(route: SectionPageProps["route"], channel: MonitorChannel): string {
  const tasks = sectionPage(route, "dataTask");
  if (!tasks) return route.path;
  const path = pagePath(route, tasks);
  return pageChannel(route, tasks) === channel ? path : `${path}?${new URLSearchParams({ channel })}`;
}
