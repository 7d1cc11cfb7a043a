import { useCallback } from "react";
import { useLocation } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { LightAlert } from "../../components/light/light-alert";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { SCAN_EXPIRED_QUERY } from "../../schema/scan-login";
import { QrCodeFrame } from "./qr-code-frame";
import { SCAN_LOGIN_TEXT } from "./scan-login-text";
import { useQrCodeUrl } from "./use-qr-code-url";

/**
 * Login mode 2 (spec §2): the messaging app's QR code. After the scan the app sends the browser
 * to /wxCallBack, which finishes the login; a `redirect` query of this page travels along so the
 * login still ends where it was meant to.
 */
export function ScanLoginTab() {
  const client = useScanLoginClient();
  const query = new URLSearchParams(useLocation().search);
  const redirect = query.get("redirect");
  const fetchUrl = useCallback(() => client.getQrCodeUrl(callbackUrl(redirect)), [client, redirect]);
  const qr = useQrCodeUrl(fetchUrl);

  return (
    <div>
      {query.has(SCAN_EXPIRED_QUERY) && <LightAlert type="warning" message={SCAN_LOGIN_TEXT.returnedExpired} style={{ marginBottom: 8 }} />}
      {/* The framed page says itself how to scan (WeChat's does too), so nothing is repeated below it. */}
      <QrCodeFrame qr={qr} />
    </div>
  );
}

function callbackUrl(redirect: string | null): string {
  const url = new URL(APP_PATHS.wxCallBack, window.location.origin);
  if (redirect) url.searchParams.set("redirect", redirect);
  return url.toString();
}
