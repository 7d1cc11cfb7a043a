import { Button, Card, Result, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { AccountPageShell } from "../../components/account-page-shell";
import { decideScanCallback } from "../../providers/scan-login-outcome";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { BIND_PANEL_QUERY, SCAN_EXPIRED_QUERY } from "../../schema/scan-login";
import { SCAN_LOGIN_TEXT } from "./scan-login-text";
import { useCompleteLogin } from "./use-complete-login";

/**
 * /wxCallBack and /wxCallBackHome (spec §2, §8): where the messaging app sends the browser after a
 * scan, with `code` and `state`. 200 logs in; 5025 opens the bind panel on the home page; 106
 * brings the login panel back on the scan tab with a new QR code.
 */
export function ScanCallbackPage() {
  const client = useScanLoginClient();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // A state answers once: the second run of a development StrictMode mount must not send it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const code = query.get("code");
    const state = query.get("state");
    if (!code || !state) {
      setFailure(SCAN_LOGIN_TEXT.callbackMissing);
      return;
    }
    /** Home with the given query, keeping where the login was meant to end. */
    const home = (params: Record<string, string>) => {
      const next = new URLSearchParams(params);
      const redirect = query.get("redirect");
      if (redirect) next.set("redirect", redirect);
      return `${APP_PATHS.home}?${next}`;
    };
    void client.callback({ code, state }).then((envelope) => {
      const step = decideScanCallback(envelope);
      if (step.kind === "loggedIn") completeLogin(step);
      else if (step.kind === "bindRequired") navigate(home({ [BIND_PANEL_QUERY.show]: "1", [BIND_PANEL_QUERY.oauthUserId]: step.oauthUserId }), { replace: true });
      else if (step.kind === "scanExpired") navigate(home({ [SCAN_EXPIRED_QUERY]: "1" }), { replace: true });
      else setFailure(step.message);
    });
  }, [client, completeLogin, navigate, query]);

  return (
    <AccountPageShell title={SCAN_LOGIN_TEXT.callbackTitle}>
      <Card style={{ maxWidth: 440, margin: "0 auto" }} title={<Typography.Title level={4} style={{ margin: 0 }}>{SCAN_LOGIN_TEXT.callbackTitle}</Typography.Title>}>
        {failure ? (
          <Result
            status="warning"
            title={failure}
            extra={
              <Button type="primary" onClick={() => navigate(APP_PATHS.home, { replace: true })}>
                {SCAN_LOGIN_TEXT.backToLogin}
              </Button>
            }
          />
        ) : (
          <div style={{ padding: 48, textAlign: "center" }}>
            <Spin size="large" tip={SCAN_LOGIN_TEXT.callbackPending}>
              <div style={{ height: 48 }} />
            </Spin>
          </div>
        )}
      </Card>
    </AccountPageShell>
  );
}
