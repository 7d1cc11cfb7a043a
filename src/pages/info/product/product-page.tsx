import { Card, Col, Row, Space, Tag, Typography } from "antd";
import { ContentLinkView } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { isOffered } from "../../../resources/offered-services";
import { MOBILE_ACCESS, PRODUCT_GROUPS, PRODUCT_LEAD, PRODUCT_TITLE, type Product, type ProductGroup } from "./product-content";

const STATUS_TAG = { open: { color: "success", text: "已开放" }, pending: { color: "default", text: "尚未开放" } } as const;

/** /info/product: every product of spec §1 with its availability here (src/resources/availability.ts), and the honest app section. */
export function ProductPage() {
  return (
    <PublicPageLayout title={PRODUCT_TITLE} lead={PRODUCT_LEAD}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {PRODUCT_GROUPS.map((group) => (
          <ProductGroupCard key={group.name} group={group} />
        ))}
        <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>{MOBILE_ACCESS.heading}</h2>}>
          {MOBILE_ACCESS.paragraphs.map((paragraph) => (
            <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
          ))}
          <ContentLinkView link={MOBILE_ACCESS.link} />
        </Card>
      </Space>
    </PublicPageLayout>
  );
}

function ProductGroupCard({ group }: { group: ProductGroup }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>{group.name}</h2>} extra={group.link && <ContentLinkView link={group.link} />}>
      <Typography.Paragraph type="secondary">{group.summary}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {group.products.map((product) => (
          <Col key={product.name} xs={24} md={12} lg={8}>
            <ProductCard product={product} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function ProductCard({ product }: { product: Product }) {
  const tag = STATUS_TAG[product.offeredBy.every(isOffered) ? "open" : "pending"];
  return (
    <Card size="small" title={product.name} extra={<Tag color={tag.color}>{tag.text}</Tag>} style={{ height: "100%" }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{product.description}</Typography.Paragraph>
    </Card>
  );
}
