import type { CSSProperties } from "react";
import { useSearchParams } from "react-router";
import { BindAccountPanel } from "../login/bind-account-panel";
import { LoginPanel } from "../login/login-panel";
import { LOGIN_MODE } from "../../schema/credentials";
import { BIND_PANEL_QUERY, SCAN_EXPIRED_QUERY } from "../../schema/scan-login";

/**
 * The visitor's panel on the home page (spec §2): the bind-account panel when a scan asked for it
 * (showBindAccount=1 with oauthUserId), else the login panel, opened on the scan tab when a QR code
 * just expired (106). Going back from binding drops the bind query and shows the login again.
 */
export function HomeAccessPanel({ style }: { style?: CSSProperties }) {
  const [query, setQuery] = useSearchParams();
  const oauthUserId = query.get(BIND_PANEL_QUERY.oauthUserId);

  if (query.get(BIND_PANEL_QUERY.show) === "1" && oauthUserId) {
    const backToLogin = () => {
      const next = new URLSearchParams(query);
      next.delete(BIND_PANEL_QUERY.show);
      next.delete(BIND_PANEL_QUERY.oauthUserId);
      setQuery(next, { replace: true });
    };
    return <BindAccountPanel oauthUserId={oauthUserId} onBack={backToLogin} style={style} />;
  }
  return query.has(SCAN_EXPIRED_QUERY) ? <LoginPanel initialMode={LOGIN_MODE.scan} style={style} /> : <LoginPanel style={style} />;
}
