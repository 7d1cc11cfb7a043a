import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { ANTD_CONFIG } from "../../src/app/antd-config";
import { AppLinksProvider } from "../../src/providers/app-links-context";
import { APP_LINKS } from "../../src/resources/registry-paths";

/**
 * The app's antd settings, without animations so modals open and close at once, as a user perceives
 * it; and the registry's named links, which App.tsx hands to every page.
 */
export function AntdTestProvider({ children }: { children: ReactNode }) {
  return (
    <AppLinksProvider links={APP_LINKS}>
      <ConfigProvider {...ANTD_CONFIG} theme={{ ...ANTD_CONFIG.theme, token: { ...ANTD_CONFIG.theme.token, motion: false } }}>
        {children}
      </ConfigProvider>
    </AppLinksProvider>
  );
}
