import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { ANTD_CONFIG } from "../../src/app/antd-config";

/** The app's antd settings, without animations so modals open and close at once, as a user perceives it. */
export function AntdTestProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider {...ANTD_CONFIG} theme={{ ...ANTD_CONFIG.theme, token: { ...ANTD_CONFIG.theme.token, motion: false } }}>
      {children}
    </ConfigProvider>
  );
}
