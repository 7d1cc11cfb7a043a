import type { HttpError } from "@refinedev/core";
import { Alert, Button, Modal, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { QrCodeImage } from "../../components/public-shell/qr-code-image";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { BIND_CODE_TTL_MS, DEVICE_ENDPOINTS, deviceBindUri, type DeviceBindCode } from "../../schema/device";

/**
 * 添加设备: a fresh one-use bind code, as text and as the QR code the device client reads, with
 * the minutes and seconds it has left. Making a new one spends the previous one.
 */
export function BindCodeModal({ onClose }: { onClose: () => void }) {
  const { send, mutation } = useEndpointMutation(DEVICE_ENDPOINTS.createBindCode);
  const [bindCode, setBindCode] = useState<DeviceBindCode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Counted on this browser's clock from when the code arrived: its clock may differ from the server's.
  const [receivedAt, setReceivedAt] = useState(() => Date.now());

  const create = async () => {
    setProblem(null);
    try {
      setBindCode(await send({}));
      setReceivedAt(Date.now());
      setNow(Date.now());
    } catch (error) {
      setProblem((error as HttpError).message);
    }
  };
  // One code when the dialog opens; 重新生成 makes the next.
  useEffect(() => {
    void create();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const leftMs = bindCode ? Math.max(0, BIND_CODE_TTL_MS - (now - receivedAt)) : 0;
  const isExpired = bindCode !== null && leftMs === 0;
  const countdown = `${Math.floor(leftMs / 60_000)} 分 ${String(Math.floor((leftMs % 60_000) / 1000)).padStart(2, "0")} 秒`;

  return (
    <Modal open title="添加取证设备" onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      {problem && <Alert type="error" showIcon message={problem} />}
      {bindCode && (
        <Space direction="vertical" align="center" style={{ width: "100%" }}>
          <Typography.Text>在手机取证应用或录制设备上输入绑定码，或扫描二维码：</Typography.Text>
          <QrCodeImage text={deviceBindUri(window.location.origin, bindCode.code)} label="设备绑定二维码" size={180} />
          <Typography.Title level={2} copyable style={{ letterSpacing: 8, fontFamily: "monospace", margin: 0 }} aria-label="设备绑定码">
            {bindCode.code}
          </Typography.Title>
          <Typography.Text type={isExpired ? "danger" : "secondary"}>{isExpired ? "绑定码已过期，请重新生成" : `${countdown}内有效，只能使用一次`}</Typography.Text>
          <Button onClick={() => void create()} loading={mutation.isPending}>
            重新生成
          </Button>
        </Space>
      )}
    </Modal>
  );
}
