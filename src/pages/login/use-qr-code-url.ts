import { useCallback, useEffect, useRef, useState } from "react";
import { ResultCode, type Envelope } from "../../schema/envelope";
import { SCAN_STATE_TTL_MS, type QrCodeUrl } from "../../schema/scan-login";

/** Spec §4 `wxCodeStatus`: 1 shows the QR code; the others are what the panel shows instead. */
export const WX_CODE_STATUS = { loading: 0, shown: 1, expired: 2, unavailable: 3 } as const;
export type WxCodeStatus = (typeof WX_CODE_STATUS)[keyof typeof WX_CODE_STATUS];

export type QrCode = { wxCodeStatus: WxCodeStatus; url: string | null; message: string; refresh: () => void };

/**
 * The QR page to frame, fetched on mount and on refresh. A QR code answers for five minutes, so
 * after that it is replaced by "expired" rather than left to fail on the phone. Only the newest
 * request counts: an older answer arriving late must not replace a newer QR code.
 */
export function useQrCodeUrl(fetchUrl: () => Promise<Envelope<QrCodeUrl>>): QrCode {
  const [current, setCurrent] = useState<Omit<QrCode, "refresh">>({ wxCodeStatus: WX_CODE_STATUS.loading, url: null, message: "" });
  const latestRequest = useRef(0);

  const refresh = useCallback(() => {
    const request = ++latestRequest.current;
    setCurrent({ wxCodeStatus: WX_CODE_STATUS.loading, url: null, message: "" });
    void fetchUrl().then((envelope) => {
      if (request !== latestRequest.current) return;
      const url = envelope.code === ResultCode.success ? envelope.datas?.qrCodeUrl : undefined;
      setCurrent(url ? { wxCodeStatus: WX_CODE_STATUS.shown, url, message: "" } : { wxCodeStatus: WX_CODE_STATUS.unavailable, url: null, message: envelope.message });
    });
  }, [fetchUrl]);

  useEffect(() => {
    refresh();
    return () => {
      latestRequest.current += 1;
    };
  }, [refresh]);

  useEffect(() => {
    if (current.wxCodeStatus !== WX_CODE_STATUS.shown) return;
    const timer = setTimeout(() => setCurrent((shown) => ({ ...shown, wxCodeStatus: WX_CODE_STATUS.expired })), SCAN_STATE_TTL_MS);
    return () => clearTimeout(timer);
  }, [current.wxCodeStatus, current.url]);

  return { ...current, refresh };
}
