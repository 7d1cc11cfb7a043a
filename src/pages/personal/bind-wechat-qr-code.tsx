import { Typography } from "antd";
import { useCallback } from "react";
import { APP_PATHS } from "../../app/path-rules";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { QrCodeFrame } from "../login/qr-code-frame";
import { useQrCodeUrl } from "../login/use-qr-code-url";
import { BIND_WECHAT_TEXT } from "./bind-wechat-text";

/**
 * The QR code of the bind modal: the same provider as scan login, with a state that belongs to
 * this account. After the scan the messaging app sends the whole window back to the binding page,
 * which finishes the binding with the returned code.
 */
export function BindWechatQrCode() {
  const client = useScanLoginClient();
  const fetchUrl = useCallback(() => client.getBindQrCodeUrl(new URL(APP_PATHS.bindWechat, window.location.origin).toString()), [client]);
  const qr = useQrCodeUrl(fetchUrl);
  return (
    <div>
      <QrCodeFrame qr={qr} />
      <Typography.Paragraph type="secondary" style={{ textAlign: "center", margin: 0 }}>
        {BIND_WECHAT_TEXT.modalHint}
      </Typography.Paragraph>
    </div>
  );
}
