import { App, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import type { ListRecord, PageSlots, RowActionsProps } from "../../resources/types";
import {
  MONITOR_ENDPOINTS,
  MONITOR_STOP_REASON_LABELS,
  MONITOR_TASK_ACTION_LABELS,
  MONITOR_TASK_LIFECYCLE,
  MONITOR_TASK_STATE_COLORS,
  MONITOR_TASK_STATE_LABELS,
  type MonitorTaskAction,
  type MonitorTaskRow,
} from "../../schema/monitor";
import { recordHref } from "../kinds/record-links";
import { useRecordAction } from "../kinds/use-record-action";
import { MonitorPageLinks } from "./monitor-page-links";
import { sectionPage } from "./monitor-route";
import { RowLinkButton } from "./row-link-button";
import { TaskDetailDrawer } from "./task-detail-drawer";

/**
 * What the task list (dataTask) adds: each row's actions as the task's machine allows them
 * (暂停, 恢复, 停止 after a confirmation) and 立即抓取 while monitoring, the way to its results
 * and its detail, the stop reason under a stopped task's state.
 */

const asTask = (record: ListRecord) => record as unknown as MonitorTaskRow;

/** The owner's actions that have a call of their own (the scheduler starts a task). */
const ACTION_ENDPOINTS = {
  pause: MONITOR_ENDPOINTS.pauseTask,
  resume: MONITOR_ENDPOINTS.resumeTask,
  stop: MONITOR_ENDPOINTS.stopTask,
} as const satisfies Partial<Record<MonitorTaskAction, unknown>>;
type CallableAction = keyof typeof ACTION_ENDPOINTS;
const isCallable = (action: MonitorTaskAction): action is CallableAction => action in ACTION_ENDPOINTS;

function TaskRowActions({ route, record, refresh }: RowActionsProps) {
  const task = asTask(record);
  const [isShowingDetail, setShowingDetail] = useState(false);
  const results = sectionPage(route, "dataResults");
  const actions = MONITOR_TASK_LIFECYCLE.actionsFrom(task.state, "owner").filter(isCallable);
  return (
    <Space size="small" wrap>
      <RowLinkButton onClick={() => setShowingDetail(true)}>详情</RowLinkButton>
      {results && <Link to={recordHref(route, results, task.id)}>监测结果</Link>}
      {task.state === "monitoring" && <RunNowButton id={task.id} refresh={refresh} />}
      {actions.map((action) => (
        <TaskActionButton key={action} action={action} task={task} refresh={refresh} />
      ))}
      {isShowingDetail && <TaskDetailDrawer id={task.id} title={task.name} onClose={() => setShowingDetail(false)} />}
    </Space>
  );
}

function TaskActionButton({ action, task, refresh }: { action: CallableAction; task: MonitorTaskRow; refresh: () => void }) {
  const label = MONITOR_TASK_ACTION_LABELS[action];
  const call = useRecordAction(ACTION_ENDPOINTS[action], `已${label}`);
  const { modal } = App.useApp();
  const run = async () => (await call.run(task.id)) && refresh();
  const onClick =
    action === "stop"
      ? () =>
          void modal.confirm({
            title: `停止监测“${task.name}”？`,
            content: "停止后不能恢复；本周有抓取则扣费，无抓取则退回本周费用。",
            okText: "停止监测",
            okButtonProps: { danger: true },
            cancelText: "取消",
            onOk: run,
          })
      : () => void run();
  return (
    <RowLinkButton danger={action === "stop"} loading={call.isPending} onClick={onClick}>
      {label}
    </RowLinkButton>
  );
}

function RunNowButton({ id, refresh }: { id: number; refresh: () => void }) {
  const call = useRecordAction(MONITOR_ENDPOINTS.runTask, "已开始抓取");
  return (
    <RowLinkButton loading={call.isPending} onClick={async () => (await call.run(id)) && refresh()}>
      立即抓取
    </RowLinkButton>
  );
}

const slots: PageSlots = {
  toolbar: ({ route }) => <MonitorPageLinks route={route} />,
  rowActions: TaskRowActions,
  cells: {
    state: (_value, record) => {
      const task = asTask(record);
      return (
        <Space direction="vertical" size={0}>
          <Tag color={MONITOR_TASK_STATE_COLORS[task.state]}>{MONITOR_TASK_STATE_LABELS[task.state]}</Tag>
          {task.stopReason && (
            <Typography.Text type={task.stopReason === "balance" ? "danger" : "secondary"} style={{ fontSize: 12 }}>
              {MONITOR_STOP_REASON_LABELS[task.stopReason]}
            </Typography.Text>
          )}
        </Space>
      );
    },
  },
  // A task waiting for its start time moves to 监测中 once the scheduler takes it.
  isSettling: (record) => {
    const task = asTask(record);
    return task.state === "notStarted" && task.startTime <= Date.now();
  },
};
export default slots;
