import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Card, Space, Statistic } from "antd";
import { useMemo, useState } from "react";
import { useAppFeedback } from "../../../components/app-feedback";
import { useUrlPaging } from "../../../components/pagination/use-url-paging";
import { useSessionStore } from "../../../providers/session-context";
import { createSignedUrlBuilder } from "../../../providers/signed-url";
import { fetchSignedFile, saveFile } from "../../../providers/signed-file";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import type { ListSlotProps, PageSlots } from "../../../resources/types";
import { formatYuanWithCents } from "../../../schema/money";
import {
  MONEY_RECORD_ENDPOINTS,
  MONEY_RECORD_EXPORT_MESSAGE,
  MONEY_RECORD_FILTERS,
  MONEY_RECORD_TITLES,
  XLSX_CONTENT_TYPE,
  type MoneyRecordList,
  type MoneyRecordRangeQuery,
} from "../../../schema/money-records";

/** What the expense centre's record lists add to the generic list: the totals of the range, and the export. */

export const MONEY_RECORD_TEXT = {
  export: "导出记录",
  totalAmount: "合计金额（元）",
  totalRow: "记录条数",
} as const;

const FILTER_NAMES = MONEY_RECORD_FILTERS.flat();

/** The range the list shows, as the list reads it from the URL. */
function useRange(): MoneyRecordRangeQuery {
  const { filters } = useUrlPaging(FILTER_NAMES);
  return { ...(filters.startTime ? { startTime: filters.startTime } : {}), ...(filters.endTime ? { endTime: filters.endTime } : {}) };
}

/** The totals of the whole filtered range, read from the list call's extraData (its first page). */
function TotalsPanel({ list }: { list: MoneyRecordList }) {
  const range = useRange();
  const { extraData, query } = useEndpointQuery(MONEY_RECORD_ENDPOINTS[list].list, { ...range, pageNumber: 1, pageSize: 10 });
  return (
    <Card size="small" style={{ marginBottom: 16 }} loading={query.isLoading}>
      <Space size="large">
        <Statistic title={MONEY_RECORD_TEXT.totalAmount} value={extraData ? formatYuanWithCents(extraData.totalFen) : "—"} />
        <Statistic title={MONEY_RECORD_TEXT.totalRow} value={extraData?.totalRow ?? "—"} />
      </Space>
    </Card>
  );
}

/** Downloads the range's records as .xlsx, then says so in the export modal of spec §2 (closes itself after 4 s). */
function ExportButton({ list }: { list: MoneyRecordList }) {
  const range = useRange();
  const sessionStore = useSessionStore();
  const signedUrl = useMemo(() => createSignedUrlBuilder({ sessionStore, now: Date.now }), [sessionStore]);
  const { exportRecords } = useAppFeedback();
  const { message } = App.useApp();
  const [isExporting, setExporting] = useState(false);

  async function exportRecordsOfRange() {
    setExporting(true);
    try {
      const answer = await fetchSignedFile(signedUrl(MONEY_RECORD_ENDPOINTS[list].export, range), {
        contentType: XLSX_CONTENT_TYPE,
        fallbackName: `${MONEY_RECORD_TITLES[list]}.xlsx`,
      });
      if ("code" in answer) return void message.error(answer.message);
      saveFile(answer.file, answer.fileName);
      exportRecords.show({ content: MONEY_RECORD_EXPORT_MESSAGE });
    } catch {
      message.error("导出失败，请稍后重试");
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void exportRecordsOfRange()}>
      {MONEY_RECORD_TEXT.export}
    </Button>
  );
}

function slotsOf(list: MoneyRecordList): PageSlots {
  return {
    toolbar: (_props: ListSlotProps) => <ExportButton list={list} />,
    panel: (_props: ListSlotProps) => <TotalsPanel list={list} />,
  };
}

export const MONEY_RECORD_SLOTS: Readonly<Record<MoneyRecordList, PageSlots>> = {
  charge: slotsOf("charge"),
  purchase: slotsOf("purchase"),
  expense: slotsOf("expense"),
};
