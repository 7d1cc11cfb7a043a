import { QrcodeOutlined, ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Result, Spin } from "antd";
import { SCAN_LOGIN_TEXT } from "./scan-login-text";
import { WX_CODE_STATUS, type QrCode } from "./use-qr-code-url";

export const QR_FRAME_HEIGHT_PX = 330;

/**
 * The messaging app's QR page in an iframe (spec §2 mode 2), or what stands in its place while it
 * loads, once it expired, or where scan login is not available. The sandbox lets the framed page
 * send the whole window on after the scan, as WeChat's own embedding does; browsers block that
 * from a cross-site frame otherwise.
 */
export function QrCodeFrame({ qr }: { qr: QrCode }) {
  const box = { height: QR_FRAME_HEIGHT_PX, display: "flex", alignItems: "center", justifyContent: "center" } as const;
  switch (qr.wxCodeStatus) {
    case WX_CODE_STATUS.shown:
      return (
        <div style={{ textAlign: "center" }}>
          <iframe
            src={qr.url ?? undefined}
            title={SCAN_LOGIN_TEXT.frameTitle}
            sandbox="allow-scripts allow-same-origin allow-top-navigation allow-popups allow-popups-to-escape-sandbox"
            style={{ display: "block", width: "100%", height: QR_FRAME_HEIGHT_PX, border: 0 }}
          />
          <Button type="link" size="small" icon={<ReloadOutlined />} onClick={qr.refresh}>
            {SCAN_LOGIN_TEXT.refresh}
          </Button>
        </div>
      );
    case WX_CODE_STATUS.expired:
      return (
        <div style={box}>
          <Result
            icon={<QrcodeOutlined style={{ color: "#bfbfbf" }} />}
            title={SCAN_LOGIN_TEXT.expiredTitle}
            subTitle={SCAN_LOGIN_TEXT.expiredDescription}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={qr.refresh}>
                {SCAN_LOGIN_TEXT.refresh}
              </Button>
            }
          />
        </div>
      );
    case WX_CODE_STATUS.unavailable:
      return (
        <div style={{ ...box, flexDirection: "column", gap: 12 }}>
          <Alert type="warning" showIcon message={qr.message} />
          <Button onClick={qr.refresh}>{SCAN_LOGIN_TEXT.retry}</Button>
        </div>
      );
    default:
      return (
        <div style={box}>
          <Spin tip={SCAN_LOGIN_TEXT.loading}>
            <div style={{ width: 160, height: 80 }} />
          </Spin>
        </div>
      );
  }
}
