import { Button, Card } from "antd";
import { useId, useState } from "react";
import { promotionPeriodText } from "../../../components/pricing/bundle-promotion";
import { usePublicBundles } from "../../../components/pricing/use-public-bundles";
import { useServerNow } from "../../../components/server-time/use-server-now";
import { BUNDLE_RULES } from "./bundle-rules";

/** The promotion's description (spec §2 "description popup (toggle)"): the same button opens and closes it. */
export function DescriptionPopup() {
  const [isOpen, setOpen] = useState(false);
  const now = useServerNow();
  const { promotion } = usePublicBundles();
  const panelId = useId();
  return (
    <div style={{ position: "relative", display: "inline-block" }}>
      <Button size="large" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen((open) => !open)}>
        {isOpen ? "收起活动说明" : "活动说明"}
      </Button>
      {isOpen && (
        <Card
          id={panelId}
          role="dialog"
          aria-label="活动说明"
          size="small"
          title="活动说明"
          extra={
            <Button type="link" size="small" onClick={() => setOpen(false)}>
              关闭
            </Button>
          }
          style={{ position: "absolute", top: "calc(100% + 8px)", left: 0, width: 420, maxWidth: "80vw", zIndex: 10, boxShadow: "0 6px 16px rgba(0, 0, 0, 0.12)" }}
        >
          {promotion && <p style={{ marginTop: 0 }}>{promotionPeriodText(promotion, now)}</p>}
          <ul style={{ paddingLeft: 20, marginBottom: 0, lineHeight: 1.8 }}>
            {BUNDLE_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
