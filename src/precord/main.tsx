import { ConfigProvider, Result, Button } from "antd";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ANTD_CONFIG } from "../app/antd-config";
import { APP_PATHS } from "../app/path-rules";
import { CloudRecorder } from "../pages/recording/cloud-recorder";
import { createHttpClient, WEBAPI_BASE_URL } from "../providers/http-client";
import { createSessionStore } from "../providers/session-store";
import { readCloudBrowserPageQuery } from "../schema/cloud-browser";
import { installChineseIssueMessages } from "../schema/issue-messages";

/**
 * The procedure recorder's own entry (spec §2: served from /precord, outside the app's router):
 * the signed HTTP client and the session the app stored, and nothing else of the app.
 */
installChineseIssueMessages();

const sessionStore = createSessionStore(window.localStorage);
const http = createHttpClient({
  baseURL: WEBAPI_BASE_URL,
  sessionStore,
  getLocation: () => window.location,
  navigate: (to) => window.location.assign(to),
  now: () => Date.now(),
});
const { sessionId, certificateHref } = readCloudBrowserPageQuery(window.location.search);
const token = sessionStore.getUser()?.token ?? null;

const container = document.getElementById("root");
if (!container) throw new Error("precord.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <ConfigProvider {...ANTD_CONFIG}>
      {!token ? (
        <Result status="403" title="请先登录后再进行过程取证" extra={<Button type="primary" href={APP_PATHS.login}>去登录</Button>} />
      ) : sessionId === null ? (
        <Result status="404" title="云端浏览器会话不存在或已结束" />
      ) : (
        <CloudRecorder http={http} token={token} sessionId={sessionId} certificateHref={certificateHref} />
      )}
    </ConfigProvider>
  </StrictMode>,
);
