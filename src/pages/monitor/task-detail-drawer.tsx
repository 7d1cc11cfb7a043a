import { Alert, Descriptions, Drawer, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { describeFields, recordRows } from "../../resources/field-meta";
import type { ListRecord } from "../../resources/types";
import { MONITOR_ENDPOINTS, MonitorRunSchema, MonitorSiteSchema, MonitorTaskRowSchema, MonitorWeekSchema, MonitorWorkSchema, type MonitorTaskDetail } from "../../schema/monitor";
import { fieldColumns } from "../kinds/field-cell";
import { RecordTable } from "../kinds/record-table";

const SETTLING_REFRESH_MS = 2000;

const SITE_FIELDS = describeFields(MonitorSiteSchema);
const WORK_FIELDS = describeFields(MonitorWorkSchema, ["name", "kind", "summary", "size", "ready"]);
const WEEK_FIELDS = describeFields(MonitorWeekSchema);
const RUN_FIELDS = describeFields(MonitorRunSchema, ["siteName", "state", "pages", "bytes", "skippedByRobots", "hits", "failure", "startTime", "endTime"]);

/** Whether a crawl of the task is still queued or running (the drawer then reads the task again). */
export const isTaskCrawling = (task: Pick<MonitorTaskDetail, "runs">) => task.runs.some((run) => run.state === "queued" || run.state === "running");

/** A task's detail: its fields, sites, works or keywords, billing weeks and latest crawls, read again while a crawl is under way. */
export function TaskDetailDrawer({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { datas, query } = useEndpointQuery(MONITOR_ENDPOINTS.task, { id }, {
    refetchInterval: (latest) => {
      const datas = (latest.state.data as { data?: MonitorTaskDetail } | undefined)?.data;
      return datas && isTaskCrawling(datas) ? SETTLING_REFRESH_MS : false;
    },
  });
  const task = query.isSuccess ? datas : undefined;
  return (
    <Drawer open width={960} title={`监测任务：${title}`} onClose={onClose} destroyOnHidden>
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      {task && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions bordered size="small" column={2} items={recordRows(describeFields(MonitorTaskRowSchema), task).map((row) => ({ key: row.name, label: row.label, children: row.value }))} />
          {task.keywords.length > 0 && <Typography.Text>监测关键词：{task.keywords.join("、")}</Typography.Text>}
          {task.excludeKeywords.length > 0 && <Typography.Text>排除关键词：{task.excludeKeywords.join("、")}</Typography.Text>}
          <Part title="监测站点">
            <RecordTable rowKey="id" columns={fieldColumns(SITE_FIELDS)} records={task.sites as unknown as ListRecord[]} emptyText="暂无站点" />
          </Part>
          {task.works.length > 0 && (
            <Part title="保护作品">
              <RecordTable rowKey="id" columns={fieldColumns(WORK_FIELDS)} records={task.works as unknown as ListRecord[]} />
            </Part>
          )}
          <Part title="计费周">
            <RecordTable rowKey="week" columns={fieldColumns(WEEK_FIELDS)} records={task.weeksBilled as unknown as ListRecord[]} emptyText="尚未计费" />
          </Part>
          <Part title="最近抓取">
            <RecordTable rowKey="id" columns={fieldColumns(RUN_FIELDS)} records={task.runs as unknown as ListRecord[]} emptyText="尚未抓取" />
          </Part>
        </Space>
      )}
    </Drawer>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}
