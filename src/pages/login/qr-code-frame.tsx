import QrcodeOutlined from "@ant-design/icons-svg/es/asn/QrcodeOutlined";
import ReloadOutlined from "@ant-design/icons-svg/es/asn/ReloadOutlined";
import { LightAlert } from "../../components/light/light-alert";
import { LightButton } from "../../components/light/light-button";
import { LightIcon } from "../../components/light/light-icon";
import { LightResult } from "../../components/light/light-result";
import { LightSpin } from "../../components/light/light-spin";
import { SCAN_LOGIN_TEXT } from "./scan-login-text";
import { WX_CODE_STATUS, type QrCode } from "./use-qr-code-url";

export const QR_FRAME_HEIGHT_PX = 330;

/**
 * The messaging app's QR page in an iframe (spec §2 mode 2), or what stands in its place while it
 * loads, once it expired, or where scan login is not available. The sandbox lets the framed page
 * send the whole window on after the scan, as WeChat's own embedding does; browsers block that
 * from a cross-site frame otherwise. Light kit: the home page's login panel opens on this tab
 * when a QR code has just expired (issue 20).
 */
export function QrCodeFrame({ qr }: { qr: QrCode }) {
  const box = { height: QR_FRAME_HEIGHT_PX, display: "flex", alignItems: "center", justifyContent: "center" } as const;
  const refreshIcon = <LightIcon icon={ReloadOutlined} />;
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
          <LightButton type="link" size="small" icon={refreshIcon} onClick={qr.refresh}>
            {SCAN_LOGIN_TEXT.refresh}
          </LightButton>
        </div>
      );
    case WX_CODE_STATUS.expired:
      return (
        <div style={box}>
          <LightResult
            icon={<LightIcon icon={QrcodeOutlined} style={{ color: "#bfbfbf" }} />}
            title={SCAN_LOGIN_TEXT.expiredTitle}
            subTitle={SCAN_LOGIN_TEXT.expiredDescription}
            extra={
              <LightButton type="primary" icon={refreshIcon} onClick={qr.refresh}>
                {SCAN_LOGIN_TEXT.refresh}
              </LightButton>
            }
          />
        </div>
      );
    case WX_CODE_STATUS.unavailable:
      return (
        <div style={{ ...box, flexDirection: "column", gap: 12 }}>
          <LightAlert type="warning" message={qr.message} />
          <LightButton onClick={qr.refresh}>{SCAN_LOGIN_TEXT.retry}</LightButton>
        </div>
      );
    default:
      return (
        <div style={box}>
          <LightSpin tip={SCAN_LOGIN_TEXT.loading} />
        </div>
      );
  }
}
