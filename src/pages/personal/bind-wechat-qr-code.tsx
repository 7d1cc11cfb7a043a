import { Typography } from "antd";
import { useCallback } from "react";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { QrCodeFrame } from "../login/qr-code-frame";
import { useQrCodeUrl } from "../login/use-qr-code-url";
import { BIND_WECHAT_TEXT } from "./bind-wechat-text";

/**
 * The QR code of the bind modal: the same provider as scan login, with a state that belongs to
 * this account. After the scan the messaging app sends the whole window back to the binding page
 * (`returnPath`), which finishes the binding with the returned code.
 */
export function BindWechatQrCode({ returnPath }: { returnPath: string }) {
  const client = useScanLoginClient();
  const fetchUrl = useCallback(() => client.getBindQrCodeUrl(new URL(returnPath, window.location.origin).toString()), [client, returnPath]);
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
