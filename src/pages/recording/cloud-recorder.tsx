import { ArrowLeftOutlined, ArrowRightOutlined, ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Input, Popconfirm, Result, Space, Spin, Typography } from "antd";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { callEndpoint, type HttpClient } from "../../providers/http-client";
import {
  CLOUD_BROWSER_CLOSE_CODES,
  CLOUD_BROWSER_ENDPOINTS,
  CLOUD_BROWSER_MESSAGES,
  CLOUD_BROWSER_SOCKET_PATH,
  CloudBrowserServerMessageSchema,
  type CloudBrowserClientMessageInput,
  type CloudBrowserStatus,
  type InputModifiers,
} from "../../schema/cloud-browser";
import { formatDuration } from "../../schema/format";
import { RECORDING_STATE_LABELS, type RecordingRecord } from "../../schema/recording";

/**
 * The procedure recorder (/precord): the cloud browser's screen on a canvas scaled to fit, the
 * holder's mouse, wheel and keys sent back in frame coordinates, an address bar, the REC timer and
 * the chunk and anchor counts; 结束取证 stops the session and waits for the seal.
 */

export interface CloudRecorderProps {
  http: HttpClient;
  token: string;
  sessionId: number;
  certificateHref: string | null;
}

type PageState = { url: string; title: string; canGoBack: boolean; canGoForward: boolean; loading: boolean };

const SEAL_POLL_MS = 1_500;
const BUTTONS = ["left", "middle", "right"] as const;

/** The REC timer: 03:25, 1:02:03. */
function recordingClock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const [hours, ...rest] = parts;
  return [...(hours > 0 ? [String(hours)] : []), ...rest.map((part) => String(part).padStart(2, "0"))].join(":");
}

const modifiersOf = (event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): InputModifiers => ({ alt: event.altKey, ctrl: event.ctrlKey, meta: event.metaKey, shift: event.shiftKey });

function socketUrl(token: string, sessionId: number): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CLOUD_BROWSER_SOCKET_PATH}?${new URLSearchParams({ token, session: String(sessionId) })}`;
}

export function CloudRecorder({ http, token, sessionId, certificateHref }: CloudRecorderProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const socket = useRef<WebSocket | null>(null);
  const [status, setStatus] = useState<CloudBrowserStatus | null>(null);
  const [page, setPage] = useState<PageState | null>(null);
  const [address, setAddress] = useState("");
  const [text, setText] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [closed, setClosed] = useState<number | null>(null);
  const [stopping, setStopping] = useState(false);
  const [record, setRecord] = useState<RecordingRecord | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const statusAt = useRef(Date.now());

  useEffect(() => {
    const ws = new WebSocket(socketUrl(token, sessionId));
    socket.current = ws;
    let drawing = false;
    let pending: { jpeg: string; width: number; height: number } | null = null;
    // Frames are drawn newest-first: one decoding at a time, the ones that arrive meanwhile replaced by the newest.
    const draw = async () => {
      if (drawing || !pending) return;
      drawing = true;
      const frame = pending;
      pending = null;
      try {
        const bytes = Uint8Array.from(atob(frame.jpeg), (char) => char.charCodeAt(0));
        const image = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
        const target = canvas.current;
        if (target) {
          if (target.width !== frame.width || target.height !== frame.height) {
            target.width = frame.width;
            target.height = frame.height;
          }
          target.getContext("2d")?.drawImage(image, 0, 0, frame.width, frame.height);
        }
        image.close();
      } finally {
        drawing = false;
        void draw();
      }
    };
    ws.onmessage = (event) => {
      const parsed = CloudBrowserServerMessageSchema.safeParse(JSON.parse(String(event.data)));
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === "frame") {
        pending = message;
        void draw();
      } else if (message.type === "page") {
        setPage(message);
        setAddress((current) => (document.activeElement?.id === "precord-address" ? current : message.url));
      } else if (message.type === "status") {
        statusAt.current = Date.now();
        setStatus(message.status);
      } else {
        setNotice(message.message);
      }
    };
    ws.onclose = (event) => setClosed(event.code);
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => {
      clearInterval(tick);
      ws.close();
    };
  }, [token, sessionId]);

  const send = (message: CloudBrowserClientMessageInput) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
  };

  /** Canvas pixels are frame coordinates; the canvas is drawn scaled to fit the window. */
  const pointOf = (event: { clientX: number; clientY: number }) => {
    const target = canvas.current!;
    const box = target.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * target.width) / box.width, y: ((event.clientY - box.top) * target.height) / box.height };
  };
  const lastMove = useRef(0);
  const onPointer = (action: "move" | "down" | "up") => (event: PointerEvent<HTMLCanvasElement>) => {
    if (action === "move" && event.timeStamp - lastMove.current < 16) return;
    lastMove.current = event.timeStamp;
    if (action === "down") canvas.current?.focus();
    send({ type: "mouse", action, ...pointOf(event), button: action === "move" ? "none" : (BUTTONS[event.button] ?? "left"), clickCount: action === "move" ? 0 : Math.max(1, event.detail), modifiers: modifiersOf(event) });
  };
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    // A passive listener could not keep the recorder page itself from scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      send({ type: "mouse", action: "wheel", ...pointOf(event), deltaX: event.deltaX, deltaY: event.deltaY, modifiers: modifiersOf(event) });
    };
    target.addEventListener("wheel", onWheel, { passive: false });
    return () => target.removeEventListener("wheel", onWheel);
  }, [closed]);
  const onKey = (action: "down" | "up") => (event: KeyboardEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    send({ type: "key", action, key: event.key, code: event.code, modifiers: modifiersOf(event) });
  };

  const stop = async () => {
    setStopping(true);
    const answer = await callEndpoint(http, CLOUD_BROWSER_ENDPOINTS.stop, { id: sessionId }).catch((error: unknown) => ({ code: 0, message: String(error), datas: null }));
    if (answer.code !== 200 || !answer.datas) {
      setNotice(answer.message);
      setStopping(false);
      return;
    }
    setRecord(answer.datas);
  };
  useEffect(() => {
    if (!record || record.state === "sealed" || record.state === "failed") return;
    const timer = setTimeout(async () => {
      const answer = await callEndpoint(http, CLOUD_BROWSER_ENDPOINTS.state, { id: sessionId }).catch(() => null);
      setRecord(answer?.code === 200 && answer.datas ? answer.datas.recording : { ...record });
    }, SEAL_POLL_MS);
    return () => clearTimeout(timer);
  }, [record, http, sessionId]);
  // A session that ended by itself (time limit, lost page) is sealed too: follow it.
  useEffect(() => {
    if (closed !== null && closed !== CLOUD_BROWSER_CLOSE_CODES.heldElsewhere && closed !== CLOUD_BROWSER_CLOSE_CODES.unauthorized && !record && !stopping) {
      setStopping(true);
      void callEndpoint(http, CLOUD_BROWSER_ENDPOINTS.state, { id: sessionId }).then((answer) => answer.code === 200 && answer.datas && setRecord(answer.datas.recording), () => undefined);
    }
  }, [closed, record, stopping, http, sessionId]);

  if (closed === CLOUD_BROWSER_CLOSE_CODES.heldElsewhere) return <Result status="warning" title={CLOUD_BROWSER_MESSAGES.heldElsewhere} />;
  if (closed === CLOUD_BROWSER_CLOSE_CODES.unauthorized) return <Result status="403" title="登录已失效，请重新登录后再打开录制页面" />;
  if (record) {
    const sealed = record.state === "sealed";
    return (
      <Result
        status={sealed ? "success" : record.state === "failed" ? "error" : "info"}
        icon={sealed || record.state === "failed" ? undefined : <Spin size="large" />}
        title={sealed ? "已存证" : record.state === "failed" ? RECORDING_STATE_LABELS.failed : "录制已结束，正在封存上链…"}
        subTitle={[`录制时长 ${formatDuration(record.durationMs / 1000)}`, `上链锚定 ${record.anchors} 次`, sealed && record.certificateNo ? `证书编号 ${record.certificateNo}` : record.failure].filter(Boolean).join("，")}
        extra={sealed && certificateHref ? <Button type="primary" href={certificateHref} target="_top">查看取证证书</Button> : null}
      />
    );
  }

  const elapsedMs = status ? status.elapsedMs + (status.state === "live" ? now - statusAt.current : 0) : 0;
  return (
    <div style={{ display: "flex", flexDirection: "column", height: "100vh", background: "#f5f5f5" }}>
      <Space style={{ padding: 8, background: "#fff", borderBottom: "1px solid #eee" }} wrap>
        <Button aria-label="后退" icon={<ArrowLeftOutlined />} disabled={!page?.canGoBack} onClick={() => send({ type: "navigate", action: "back" })} />
        <Button aria-label="前进" icon={<ArrowRightOutlined />} disabled={!page?.canGoForward} onClick={() => send({ type: "navigate", action: "forward" })} />
        <Button aria-label="刷新" icon={<ReloadOutlined spin={page?.loading} />} onClick={() => send({ type: "navigate", action: "reload" })} />
        <Input id="precord-address" aria-label="网址" style={{ width: "min(420px, 100%)" }} value={address} onChange={(event) => setAddress(event.target.value)} onPressEnter={() => send({ type: "navigate", action: "go", url: address })} />
        <Input.Search aria-label="输入文字" placeholder="中文等文字在此输入后发送到页面" enterButton="发送" style={{ width: "min(280px, 100%)" }} value={text} onChange={(event) => setText(event.target.value)} onSearch={(value) => value && (send({ type: "key", action: "char", text: value }), setText(""), canvas.current?.focus())} />
        <Typography.Text strong style={{ color: "#cf1322" }} aria-label="录制计时">
          ● REC {recordingClock(elapsedMs)}
        </Typography.Text>
        <Typography.Text type="secondary">
          分片 {status?.chunks ?? 0} · 上链锚定 {status?.anchors ?? 0} 次
        </Typography.Text>
        <Popconfirm title="结束取证并封存上链？" okText="结束取证" cancelText="继续录制" onConfirm={stop}>
          <Button danger type="primary" loading={stopping}>
            结束取证
          </Button>
        </Popconfirm>
      </Space>
      {notice && <Alert type="warning" showIcon closable message={notice} onClose={() => setNotice(null)} />}
      <div style={{ flex: 1, minHeight: 0, display: "flex", alignItems: "center", justifyContent: "center", padding: 8 }}>
        <canvas
          ref={canvas}
          aria-label="云端浏览器画面"
          tabIndex={0}
          style={{ maxWidth: "100%", maxHeight: "100%", background: "#fff", boxShadow: "0 0 0 1px #ddd", outline: "none", cursor: "default" }}
          onPointerMove={onPointer("move")}
          onPointerDown={onPointer("down")}
          onPointerUp={onPointer("up")}
          onKeyDown={onKey("down")}
          onKeyUp={onKey("up")}
          onContextMenu={(event) => event.preventDefault()}
        />
      </div>
    </div>
  );
}
