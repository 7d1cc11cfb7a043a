import { Descriptions, Typography } from "antd";
import { MONITOR_WEEKLY_PRICE_FEN } from "../../schema/constants";
import { formatYuan } from "../../schema/money";
import { MONITOR_SITE_KINDS, monitorPriceFen, weeklyMonitorPriceFen, type MonitorSiteCounts, type MonitorSiteKind } from "../../schema/monitor-pricing";

/** How many sites of each kind a task's rows name. */
export function countSites(sites: readonly { kind?: string }[] = []): MonitorSiteCounts {
  const counts: MonitorSiteCounts = { web: 0, app: 0, searchEngine: 0 };
  for (const site of sites) if (site?.kind && site.kind in counts) counts[site.kind as MonitorSiteKind] += 1;
  return counts;
}

/** The bill of spec §9 as the form stands: each kind's price and count, per week and in all. */
export function TaskPrice({ sites, weeks }: { sites: MonitorSiteCounts; weeks: number }) {
  return (
    <Descriptions bordered size="small" column={1} aria-label="监测费用" style={{ maxWidth: 560 }}>
      {MONITOR_SITE_KINDS.map(({ kind, label, unit }) => (
        <Descriptions.Item key={kind} label={label}>
          {formatYuan(MONITOR_WEEKLY_PRICE_FEN[kind])} 元/周 × {sites[kind]} {unit}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="每周费用">
        <span data-testid="weekly-price">{formatYuan(weeklyMonitorPriceFen(sites))} 元</span>
      </Descriptions.Item>
      <Descriptions.Item label="合计费用">
        <Typography.Text strong data-testid="total-price">
          {formatYuan(monitorPriceFen(sites, weeks))} 元
        </Typography.Text>
        <Typography.Text type="secondary">（{Number.isInteger(weeks) && weeks > 0 ? weeks : 0} 周，按周从余额扣费）</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
