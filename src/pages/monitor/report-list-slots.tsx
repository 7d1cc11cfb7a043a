import { FileSearchOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { Alert, App, Button, Form, Modal, Space } from "antd";
import { useState } from "react";
import { DateRangeFields, findProblem, type DateRangeValue } from "../../components/date-range/date-range-filter";
import { useRecordPdf } from "../../providers/record-pdf";
import { saveFile } from "../../providers/signed-file";
import { useEndpointMutation } from "../../providers/use-endpoint";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../resources/types";
import { MONITOR_ENDPOINTS, type MonitorReportRow } from "../../schema/monitor";
import { parseShanghaiDateTime } from "../../schema/shanghai-time";
import { TIME_RANGE_MESSAGE, type TimeRangeProblem } from "../../schema/time-range";
import { MonitorPageLinks } from "./monitor-page-links";
import { pageChannel } from "./monitor-route";

/** The report list's toolbar (生成报告 for a period) and each row's 下载报告. */

const DAY_MS = 86_400_000;

/** A report needs both ends (the list filter allows open ones); then the filter's own date rules. */
function reportRangeProblem(range: DateRangeValue): TimeRangeProblem | null {
  if (range.start === "") return { field: "start", message: TIME_RANGE_MESSAGE.startRequired };
  if (range.stop === "") return { field: "stop", message: TIME_RANGE_MESSAGE.stopRequired };
  return findProblem(range);
}

function ReportToolbar({ route, refresh }: ListSlotProps) {
  const [isOpen, setOpen] = useState(false);
  const [range, setRange] = useState<DateRangeValue>({ start: "", stop: "" });
  const [problem, setProblem] = useState<TimeRangeProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { send, mutation } = useEndpointMutation(MONITOR_ENDPOINTS.createReport);
  const { message } = App.useApp();
  const channel = pageChannel(route);

  async function create() {
    const found = reportRangeProblem(range);
    setProblem(found);
    if (found || !channel) return;
    try {
      // Whole days in Shanghai time: from the first day's start to the last day's end.
      await send({ channel, startTime: parseShanghaiDateTime(range.start)!, endTime: parseShanghaiDateTime(range.stop)! + DAY_MS - 1 });
      message.success("监测报告已生成，其摘要已上链");
      setOpen(false);
      refresh();
    } catch (error) {
      setRefusal((error as HttpError).message);
    }
  }

  return (
    <Space wrap>
      <MonitorPageLinks route={route} />
      <Button type="primary" icon={<FileSearchOutlined />} onClick={() => setOpen(true)}>
        生成报告
      </Button>
      {isOpen && (
        <Modal open title="生成监测报告" okText="生成" cancelText="取消" okButtonProps={{ loading: mutation.isPending }} onOk={() => void create()} onCancel={() => setOpen(false)}>
          <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }}>
            <DateRangeFields
              label="统计期间"
              value={range}
              problem={problem}
              onChange={(next) => {
                setRange(next);
                setProblem(null);
                setRefusal(null);
              }}
            />
          </Form>
          {refusal && <Alert type="error" showIcon message={refusal} />}
        </Modal>
      )}
    </Space>
  );
}

function ReportRowActions({ record }: RowActionsProps) {
  const report = record as unknown as MonitorReportRow;
  const pdfs = useRecordPdf(MONITOR_ENDPOINTS.downloadReport);
  const { message } = App.useApp();
  async function download() {
    const answer = await pdfs.fetchPdf(report.id, `监测报告-${report.reportNo}.pdf`).catch(() => null);
    if (!answer) return message.error("下载失败，请稍后重试");
    if ("code" in answer) return message.error(answer.message);
    saveFile(answer.file, answer.fileName);
  }
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void download()}>
      下载报告
    </Button>
  );
}

const slots: PageSlots = { toolbar: ReportToolbar, rowActions: ReportRowActions };
export default slots;
