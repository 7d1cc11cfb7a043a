import { FileSearchOutlined } from "@ant-design/icons";
import { DIGITAL_REPORT_ENDPOINTS, DigitalReportDetailSchema, DigitalReportListQuerySchema, DigitalReportRecordSchema } from "../../schema/digital-report";
import { defineSectionData, genericPage } from "../define";
import { describeFilters } from "../field-meta";
import type { PageSlotsLoader, SectionData, SectionDefinition } from "../types";

/**
 * The digital report 数据检验报告 (issue 17): the spec's guidance, dataList and dataDetail, and the
 * report's own certificate below the list (a report is stored as evidence of its own).
 */
const LIST_DATA: SectionData = defineSectionData({
  record: DigitalReportRecordSchema,
  columns: ["name", "certificateNo", "evidenceCount", "failedCount", "verdict", "createTime"],
  filters: describeFilters(DigitalReportListQuerySchema, ["keyName", ["startTime", "endTime"]]),
  endpoints: { list: DIGITAL_REPORT_ENDPOINTS.list, one: DIGITAL_REPORT_ENDPOINTS.one },
  emptyText: "暂无数据检验报告",
});

/** The detail shows every check of every evidence (in its panel) below the report's own fields. */
const DETAIL_DATA: SectionData = defineSectionData({ record: DigitalReportDetailSchema, endpoints: { one: DIGITAL_REPORT_ENDPOINTS.one } });

/** The report's certificate is its own evidence record's. */
const CERTIFICATE_DATA: SectionData = defineSectionData({ record: DigitalReportRecordSchema, endpoints: { one: DIGITAL_REPORT_ENDPOINTS.one }, certificateIdField: "evidenceId" });

const LIST_SLOTS: PageSlotsLoader = () => import("../../pages/judicial/digital-report-list-slots");
const DETAIL_SLOTS: PageSlotsLoader = () => import("../../pages/judicial/digital-report-detail-slots");

export function digitalReportSection(): SectionDefinition {
  return {
    ...LIST_DATA,
    key: "digitalReport",
    title: "数据检验报告",
    icon: FileSearchOutlined,
    landing: "guidance",
    pages: [
      genericPage("guidance", "guidance", "服务指引", { nav: true }),
      genericPage("dataList", "dataList", "报告列表", { nav: true, slots: LIST_SLOTS }),
      genericPage("dataList/Certificate", "certificate", "报告证书", { data: CERTIFICATE_DATA }),
      genericPage("dataDetail", "detail", "报告详情", { data: DETAIL_DATA, slots: DETAIL_SLOTS }),
    ],
  };
}
