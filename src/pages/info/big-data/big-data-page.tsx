import { Alert, Card, Col, Row, Space, Typography } from "antd";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { BIG_DATA_LEAD, BIG_DATA_SECTIONS, BIG_DATA_TITLE, MONITOR_AVAILABILITY, MONITOR_KINDS } from "./big-data-content";
import { MonitorPriceCalculator } from "./monitor-price-calculator";

/** /info/bigData: what whole-network monitoring covers, how it works and what it costs (spec §1, §9). */
export function BigDataPage() {
  return (
    <PublicPageLayout title={BIG_DATA_TITLE} lead={BIG_DATA_LEAD}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {MONITOR_AVAILABILITY && <Alert type="info" showIcon message={MONITOR_AVAILABILITY} />}
        <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>监测范围</h2>}>
          <Row gutter={[16, 16]}>
            {MONITOR_KINDS.map((kind) => (
              <Col key={kind.name} xs={24} sm={12} lg={6}>
                <Card size="small" title={kind.name} style={{ height: "100%" }}>
                  <Typography.Paragraph style={{ marginBottom: 0 }}>{kind.description}</Typography.Paragraph>
                </Card>
              </Col>
            ))}
          </Row>
        </Card>
        <ContentSections sections={BIG_DATA_SECTIONS} />
        <MonitorPriceCalculator />
      </Space>
    </PublicPageLayout>
  );
}
