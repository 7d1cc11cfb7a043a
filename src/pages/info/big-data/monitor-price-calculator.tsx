import { Card, Col, Descriptions, InputNumber, Row, Statistic, Table, Typography } from "antd";
import { useState } from "react";
import { MONITOR_WEEKLY_PRICE_FEN } from "../../../schema/constants";
import { formatYuan } from "../../../schema/money";
import { MONITOR_SITE_KINDS, monitorPriceFen, weeklyMonitorPriceFen, type MonitorSiteCounts } from "../../../schema/monitor-pricing";
import { MONITOR_PRICING_NOTE } from "./big-data-content";

const PRICE_ROWS = MONITOR_SITE_KINDS.map(({ kind, label }) => ({ key: kind, label, price: `${formatYuan(MONITOR_WEEKLY_PRICE_FEN[kind])} 元 / 个 / 周` }));

/** The weekly prices of spec §9 and a calculator that applies the same billing rule. */
export function MonitorPriceCalculator() {
  const [sites, setSites] = useState<MonitorSiteCounts>({ web: 1, app: 0, searchEngine: 0 });
  const [weeks, setWeeks] = useState(1);

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>监测价格</h2>}>
      <Typography.Paragraph>{MONITOR_PRICING_NOTE}</Typography.Paragraph>
      <Table
        size="small"
        bordered
        pagination={false}
        dataSource={PRICE_ROWS}
        columns={[
          { title: "站点类型", dataIndex: "label" },
          { title: "单价", dataIndex: "price" },
        ]}
        style={{ marginBottom: 24 }}
      />
      <Typography.Title level={4}>费用估算</Typography.Title>
      <Row gutter={[24, 16]} align="middle">
        <Col xs={24} md={14}>
          <Descriptions column={1} size="small" bordered>
            {MONITOR_SITE_KINDS.map(({ kind, label, unit }) => (
              <Descriptions.Item key={kind} label={label}>
                <InputNumber
                  aria-label={`${label}数量`}
                  min={0}
                  max={10_000}
                  precision={0}
                  value={sites[kind]}
                  onChange={(value) => setSites((current) => ({ ...current, [kind]: value ?? 0 }))}
                  addonAfter={unit}
                />
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="监测周数">
              <InputNumber aria-label="监测周数" min={1} max={520} precision={0} value={weeks} onChange={(value) => setWeeks(value ?? 1)} addonAfter="周" />
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} md={10}>
          <Statistic title="每周费用（元）" value={formatYuan(weeklyMonitorPriceFen(sites))} />
          <Statistic title="合计（元）" value={formatYuan(monitorPriceFen(sites, weeks))} style={{ marginTop: 16 }} />
        </Col>
      </Row>
    </Card>
  );
}
