import { ProTable, type ProColumns, type ProTableProps } from "@ant-design/pro-components";
import type { ListRecord } from "../../resources/types";

/**
 * Chosen row ids, kept across pages and filters. Rows are named by number (an evidence's id)
 * unless `isTextKey` says their key is text (a recharge order's number). `records` are the chosen
 * rows the table has shown, those of earlier pages included (antd keeps them with the keys).
 */
export type RowSelection =
  | { selected: readonly number[]; onSelect: (ids: number[], records: readonly ListRecord[]) => void; columnWidth?: number; isTextKey?: false }
  | { selected: readonly string[]; onSelect: (ids: string[], records: readonly ListRecord[]) => void; columnWidth?: number; isTextKey: true };

export interface RecordTableProps {
  columns: ProColumns<ListRecord>[];
  records: readonly ListRecord[];
  rowKey: string;
  loading?: boolean;
  emptyText?: string;
  /** Rows can be chosen only with this. */
  selection?: RowSelection;
  scroll?: ProTableProps<ListRecord, never>["scroll"];
  tableLayout?: "fixed";
}

/**
 * The one table of every list (ant-design-pro's ProTable): the platform draws its own filter bar,
 * paging widget and selection count around it, so the table's own search form, toolbar, alert and
 * pagination are off.
 */
export function RecordTable({ columns, records, rowKey, loading, emptyText = "暂无数据", selection, scroll, tableLayout }: RecordTableProps) {
  return (
    <ProTable<ListRecord>
      rowKey={(record) => String(record[rowKey])}
      columns={columns}
      dataSource={[...records]}
      loading={loading}
      search={false}
      options={false}
      toolBarRender={false}
      tableAlertRender={false}
      pagination={false}
      locale={{ emptyText }}
      scroll={scroll}
      tableLayout={tableLayout}
      rowSelection={
        selection && {
          selectedRowKeys: selection.selected.map(String),
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            const records = rows.filter((row): row is ListRecord => row !== undefined);
            if (selection.isTextKey) selection.onSelect(keys.map(String), records);
            else selection.onSelect(keys.map(Number), records);
          },
          ...(selection.columnWidth ? { columnWidth: selection.columnWidth } : {}),
        }
      }
    />
  );
}
