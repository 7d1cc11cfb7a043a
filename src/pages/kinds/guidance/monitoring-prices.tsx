import { Table, Typography } from "antd";
import { MONITOR_WEEKLY_PRICE_FEN } from "../../../schema/constants";
import { formatYuan } from "../../../schema/money";
import { MONITOR_SITE_KINDS, monitorPriceFen, type MonitorSiteCounts } from "../../../schema/monitor-pricing";

/** A worked example, computed by the same rule the bill uses. */
const EXAMPLE = { sites: { web: 3, app: 0, searchEngine: 1 } satisfies MonitorSiteCounts, weeks: 4 };

/** Spec §9: monitoring is billed per site and week, summed over the sites. */
export function MonitoringPrices() {
  const rows = MONITOR_SITE_KINDS.map(({ kind, label }) => ({ kind, label, price: formatYuan(MONITOR_WEEKLY_PRICE_FEN[kind]) }));
  const example = `例如监测 ${EXAMPLE.sites.web} 个网站和 ${EXAMPLE.sites.searchEngine} 个搜索引擎 ${EXAMPLE.weeks} 周，费用为 ${formatYuan(monitorPriceFen(EXAMPLE.sites, EXAMPLE.weeks))} 元。`;
  return (
    <section aria-label="监测收费标准">
      <Typography.Title level={5}>监测收费标准</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="kind"
        dataSource={rows}
        columns={[
          { title: "监测站点类型", dataIndex: "label" },
          { title: "单价（元/站点/周）", dataIndex: "price", align: "right" },
        ]}
        style={{ maxWidth: 480 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        按周计费：每周费用为所监测各站点单价之和，总费用再乘以监测周数。{example}
      </Typography.Paragraph>
    </section>
  );
}
