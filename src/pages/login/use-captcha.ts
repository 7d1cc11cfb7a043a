import { useCallback, useEffect, useRef, useState } from "react";
import { useAccountServices } from "../../providers/account-context";
import { ResultCode } from "../../schema/envelope";

export const CAPTCHA_LOAD_FAILED_TEXT = "加载失败，点此重试";

/**
 * The image captcha of password login (spec §7 getCodeV2), and of code login once the server asks
 * for it (`isShown` stays false until then, since loading one replaces the cookie of any other
 * form's captcha). The server remembers the answer with a cookie and accepts each captcha once,
 * so the form reloads it after every failed attempt. Only the newest request's image is shown:
 * the cookie belongs to the last captcha asked for.
 */
export function useCaptcha(isShown = true) {
  const { client } = useAccountServices();
  const [src, setSrc] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const latestRequest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    client
      .getCaptcha()
      .then((envelope) => {
        if (request !== latestRequest.current) return;
        const image = envelope.code === ResultCode.success ? envelope.datas?.codeBase64 : undefined;
        setSrc(image ?? null);
        setFailed(!image);
      })
      .catch(() => request === latestRequest.current && setFailed(true));
  }, [client]);

  useEffect(() => {
    if (isShown) reload();
    // A late answer after unmount must not set state.
    return () => {
      latestRequest.current += 1;
    };
  }, [reload, isShown]);

  return { src, hasFailed, reload };
}
