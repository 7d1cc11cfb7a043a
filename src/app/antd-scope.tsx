import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { ANTD_CONFIG } from "./antd-config";
import { AppTextStyle } from "./app-text-style";

/** antd's settings (language, colours, button spacing) and text style, around whatever renders antd. */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider {...ANTD_CONFIG}>
      <AppTextStyle>{children}</AppTextStyle>
    </ConfigProvider>
  );
}
