import { Descriptions, Typography } from "antd";
import type { SignatureExample } from "./signature-examples";

/** One worked example: the request, the string that is hashed and the resulting signature. */
export function SignatureExampleView({ example }: { example: SignatureExample }) {
  return (
    <Descriptions title={example.title} column={1} bordered size="small" style={{ marginBottom: 24 }} labelStyle={{ width: 140 }}>
      <Descriptions.Item label="请求">
        <Typography.Text code style={{ wordBreak: "break-all" }}>
          {example.request}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="拼接结果">
        <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
          {example.canonical}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="signature">
        <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
          {example.signature}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
