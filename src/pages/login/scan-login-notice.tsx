import { QrcodeOutlined } from "@ant-design/icons";
import { Result } from "antd";
import { LOGIN_TEXT } from "./login-text";

/** Mode 2: scan login is not connected yet, and says so plainly rather than showing a QR code that does nothing. */
export function ScanLoginNotice() {
  return (
    <Result
      icon={<QrcodeOutlined style={{ color: "#bfbfbf" }} />}
      title={LOGIN_TEXT.scanTitle}
      subTitle={LOGIN_TEXT.scanDescription}
      style={{ padding: "16px 0" }}
    />
  );
}
