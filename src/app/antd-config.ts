import type { ConfigProviderProps } from "antd/es/config-provider";
import zhCN from "antd/es/locale/zh_CN";
// antd's date pickers format through dayjs: its language comes with antd's settings.
import "./dayjs-setup";

/**
 * antd's global settings, shared by the app and the component tests so both render alike:
 * Simplified Chinese, the platform blue, and no space forced between two-character button
 * labels (antd's default turns 充值 into "充 值", which is also what screen readers announce).
 */
export const ANTD_CONFIG = {
  locale: zhCN,
  theme: { token: { colorPrimary: "#1677ff" } },
  button: { autoInsertSpace: false },
} satisfies ConfigProviderProps;
