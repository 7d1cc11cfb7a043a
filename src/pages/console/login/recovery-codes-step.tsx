import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Checkbox, Space, Typography } from "antd";
import { useState } from "react";
import type { OperatorProfile } from "../../../schema/console/operator-auth";

export const RECOVERY_CODES_FILE_NAME = "衡证运营后台恢复码.txt";

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy them or save them
 * as a text file, and confirm they are kept before going on.
 */
export function RecoveryCodesStep({ operator, codes, onDone }: { operator: OperatorProfile; codes: readonly string[]; onDone: () => void }) {
  const { message } = App.useApp();
  const [isSaved, setSaved] = useState(false);
  const text = recoveryCodesText(operator, codes);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      message.success("恢复码已复制");
    } catch {
      message.error("无法访问剪贴板，请下载或手动抄写恢复码");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: RECOVERY_CODES_FILE_NAME });
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Alert
        type="warning"
        showIcon
        message="请妥善保存以下恢复码"
        description="手机丢失或无法使用身份验证器时，可用恢复码登录，每个恢复码只能使用一次。恢复码只显示这一次，离开本页后无法再次查看。"
      />
      <ol aria-label="恢复码" style={{ columns: 2, margin: 0, padding: "12px 12px 12px 36px", background: "#fafafa", border: "1px solid #f0f0f0", borderRadius: 8 }}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code style={{ fontSize: 15 }}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ol>
      <Space>
        <Button icon={<CopyOutlined />} onClick={copy}>
          复制恢复码
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          下载为文本文件
        </Button>
      </Space>
      <Checkbox checked={isSaved} onChange={(event) => setSaved(event.target.checked)}>
        我已妥善保存恢复码
      </Checkbox>
      <Button type="primary" size="large" block disabled={!isSaved} onClick={onDone}>
        进入运营后台
      </Button>
    </Space>
  );
}

/** The saved file: whose codes they are, how they are used, one per line. */
export function recoveryCodesText(operator: OperatorProfile, codes: readonly string[]): string {
  return [`衡证运营后台恢复码（操作员：${operator.name}，账号：${operator.account}）`, "每个恢复码只能使用一次，请妥善保管。", "", ...codes, ""].join("\n");
}
