import { WechatOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Modal, Result, Spin, Typography } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { useSessionStore } from "../../providers/session-context";
import type { SessionStore } from "../../providers/session-store";
import { ResultCode, type Envelope } from "../../schema/envelope";
import type { BindState, BoundUser } from "../../schema/scan-login";
import { BindWechatQrCode } from "./bind-wechat-qr-code";
import { BIND_WECHAT_TEXT } from "./bind-wechat-text";

type Notice = { type: "success" | "error"; text: string };

/**
 * /personal/securityCenter/bindWechat (spec §2 security centre): whether the account is bound to
 * the messaging app; binding through a QR code in a modal, unbinding after a confirmation. The
 * app returns here with `code` and `state` after the scan, and the page finishes the binding.
 */
export function BindWechatPage() {
  const client = useScanLoginClient();
  const sessionStore = useSessionStore();
  const [query, setQuery] = useSearchParams();
  const [bindState, setBindState] = useState<BindState | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isScanning, setScanning] = useState(false);
  const [isConfirmingUnbind, setConfirmingUnbind] = useState(false);
  const [isUnbinding, setUnbinding] = useState(false);
  // The returned state answers once: the second run of a development StrictMode mount must not resend it.
  const hasStarted = useRef(false);

  const loadBindState = useCallback(async () => {
    const envelope = await client.getBindState();
    if (envelope.code === ResultCode.success && envelope.datas) setBindState(envelope.datas);
    else setNotice({ type: "error", text: envelope.message });
  }, [client]);

  /** Success: keep the browser's copy of the user right and say so; failure: the server's message. */
  const settle = useCallback(
    async (envelope: Envelope<BoundUser>, successText: string) => {
      if (envelope.code === ResultCode.success) {
        keepBoundUser(sessionStore, envelope.datas);
        setNotice({ type: "success", text: successText });
      } else {
        setNotice({ type: "error", text: envelope.message });
      }
      await loadBindState();
    },
    [loadBindState, sessionStore],
  );

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const code = query.get("code");
    const state = query.get("state");
    if (!code || !state) {
      void loadBindState();
      return;
    }
    setQuery({}, { replace: true });
    void client.bindCurrentAccount({ code, state }).then((envelope) => settle(envelope, BIND_WECHAT_TEXT.boundNotice));
  }, [client, loadBindState, query, setQuery, settle]);

  async function unbind() {
    setUnbinding(true);
    try {
      await settle(await client.unbind(), BIND_WECHAT_TEXT.unboundNotice);
    } finally {
      setUnbinding(false);
      setConfirmingUnbind(false);
    }
  }

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {BIND_WECHAT_TEXT.title}
        </Typography.Title>
      }
      style={{ maxWidth: 720 }}
    >
      {notice && <Alert type={notice.type} showIcon message={notice.text} closable onClose={() => setNotice(null)} style={{ marginBottom: 16 }} />}
      {!bindState ? (
        <div style={{ padding: 48, textAlign: "center" }}>{!notice && <Spin />}</div>
      ) : bindState.isBound ? (
        <Result
          status="success"
          title={BIND_WECHAT_TEXT.boundTitle(bindState.providerName)}
          subTitle={BIND_WECHAT_TEXT.boundDescription}
          extra={
            <Button danger onClick={() => setConfirmingUnbind(true)}>
              {BIND_WECHAT_TEXT.unbind}
            </Button>
          }
        />
      ) : (
        <Result
          icon={<WechatOutlined style={{ color: "#07c160" }} />}
          title={BIND_WECHAT_TEXT.unboundTitle}
          subTitle={BIND_WECHAT_TEXT.unboundDescription}
          extra={
            <Button type="primary" onClick={() => setScanning(true)}>
              {BIND_WECHAT_TEXT.bind}
            </Button>
          }
        />
      )}
      <Modal
        open={isConfirmingUnbind}
        title={BIND_WECHAT_TEXT.confirmTitle}
        okText={BIND_WECHAT_TEXT.unbind}
        okButtonProps={{ danger: true }}
        cancelText={BIND_WECHAT_TEXT.cancel}
        confirmLoading={isUnbinding}
        onOk={unbind}
        onCancel={() => setConfirmingUnbind(false)}
      >
        {BIND_WECHAT_TEXT.confirmContent}
      </Modal>
      <Modal open={isScanning} title={BIND_WECHAT_TEXT.modalTitle} footer={null} onCancel={() => setScanning(false)} destroyOnHidden width={400}>
        <BindWechatQrCode />
      </Modal>
    </Card>
  );
}

function keepBoundUser(sessionStore: SessionStore, { loginUser }: BoundUser) {
  const current = sessionStore.getUser();
  if (current) sessionStore.setUser({ ...current, ...loginUser });
}
