import { FileSearchOutlined } from "@ant-design/icons";
import { App, Button, Space } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useRecordPdf } from "../../providers/record-pdf";
import { saveFile } from "../../providers/signed-file";
import type { ListRecord, ListSlotProps, PageSlots, RowActionsProps, SectionRoute } from "../../resources/types";
import { DIGITAL_REPORT_ENDPOINTS, type DigitalReportRecord } from "../../schema/digital-report";
import { recordHref, recordPageBelow } from "../kinds/record-links";
import { DigitalReportCreateDrawer } from "./digital-report-create-drawer";

/** The report list's toolbar (生成报告) and each row's 详情, 下载报告 and 报告证书. */

const asReport = (record: ListRecord) => record as unknown as DigitalReportRecord;

/** The section's detail page (dataDetail), where a report's every check is shown. */
function detailHref(route: SectionRoute, id: number): string | undefined {
  const detail = route.section.pages.find((page) => page.kind === "detail");
  return detail && recordHref(route, detail, id);
}

function ReportToolbar({ route }: ListSlotProps) {
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <>
      <Button type="primary" icon={<FileSearchOutlined />} onClick={() => setOpen(true)}>
        生成报告
      </Button>
      {isOpen && (
        <DigitalReportCreateDrawer
          onClose={() => setOpen(false)}
          onCreated={(id) => {
            message.success("数据检验报告已生成，并已存证上链");
            setOpen(false);
            const href = detailHref(route, id);
            if (href) navigate(href);
          }}
        />
      )}
    </>
  );
}

function ReportRowActions({ route, record }: RowActionsProps) {
  const report = asReport(record);
  const pdfs = useRecordPdf(DIGITAL_REPORT_ENDPOINTS.download);
  const { message } = App.useApp();
  const certificate = recordPageBelow(route);
  const detail = detailHref(route, report.id);
  async function download() {
    const answer = await pdfs.fetchPdf(report.id, `数据检验报告-${report.certificateNo}.pdf`).catch(() => null);
    if (!answer) return message.error("下载失败，请稍后重试");
    if ("code" in answer) return message.error(answer.message);
    saveFile(answer.file, answer.fileName);
  }
  return (
    <Space size="small">
      {detail && <Link to={detail}>详情</Link>}
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void download()}>
        下载报告
      </Button>
      {certificate && <Link to={recordHref(route, certificate, report.id)}>报告证书</Link>}
    </Space>
  );
}

const slots: PageSlots = { toolbar: ReportToolbar, rowActions: ReportRowActions };
export default slots;
