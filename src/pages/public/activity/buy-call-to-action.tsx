import { Card, Typography } from "antd";
import { RouterLinkButton } from "../../../components/router-link-button";
import { useAppLinks } from "../../../providers/app-links-context";

/** The closing call to action of the activity pages: to the package purchase page (spec §2). */
export function BuyCallToAction({ title, text }: { title: string; text: string }) {
  const links = useAppLinks();
  return (
    <Card style={{ textAlign: "center", background: "linear-gradient(90deg, #e6f4ff 0%, #f0f5ff 100%)" }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      <RouterLinkButton type="primary" size="large" to={links.purchasePackage}>
        立即购买
      </RouterLinkButton>
    </Card>
  );
}
