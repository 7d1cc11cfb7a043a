import { Typography } from "antd";
import { useLocation } from "react-router";
import { QrCodeImage } from "./qr-code-image";
import { qrCodeUrl, type QrCodeTarget } from "./qr-code-targets";

/** A QR code with its title and an honest caption; the content of the QR pop-ups. */
export function QrCodeCard({ target }: { target: QrCodeTarget }) {
  // Re-render on navigation so the phone-access code follows the page.
  useLocation();
  const url = qrCodeUrl(target, window.location.href);
  return (
    <div style={{ width: 180, textAlign: "center" }}>
      <Typography.Text strong>{target.title}</Typography.Text>
      <div style={{ margin: "8px auto", width: 148 }}>
        <QrCodeImage text={url} label={`${target.title}二维码`} />
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0, lineHeight: 1.6 }}>
        {target.caption}
      </Typography.Paragraph>
    </div>
  );
}
