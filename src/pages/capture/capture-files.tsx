import { DownloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Image, Space, Spin } from "antd";
import { useEffect, useState } from "react";
import { useCaptureFiles } from "../../providers/capture-files";
import { saveFile } from "../../providers/signed-file";
import { CAPTURE_FILES, type CaptureFileKind } from "../../schema/capture";

const FILE_KINDS = Object.keys(CAPTURE_FILES) as CaptureFileKind[];

/** A button per file of a capture's package (WACZ, screenshot, PDF, HTML, provenance), each fetched when clicked. */
export function CaptureFileButtons({ id, name }: { id: number; name: string }) {
  const files = useCaptureFiles();
  const { message } = App.useApp();
  const [loading, setLoading] = useState<CaptureFileKind | null>(null);

  async function download(kind: CaptureFileKind) {
    setLoading(kind);
    try {
      const answer = await files.fetchFile(id, kind, name);
      if ("code" in answer) message.error(answer.message);
      else saveFile(answer.file, answer.fileName);
    } catch {
      message.error("下载失败，请稍后重试");
    } finally {
      setLoading(null);
    }
  }

  return (
    <Space wrap>
      {FILE_KINDS.map((kind) => (
        <Button key={kind} icon={<DownloadOutlined />} loading={loading === kind} onClick={() => void download(kind)}>
          {CAPTURE_FILES[kind].label}
        </Button>
      ))}
    </Space>
  );
}

/** The full-page screenshot, fetched as a blob and shown from a local address (the signed one lives five minutes). */
export function CaptureScreenshot({ id }: { id: number }) {
  const files = useCaptureFiles();
  const [state, setState] = useState<{ url: string } | { problem: string } | null>(null);

  useEffect(() => {
    let url: string | null = null;
    let isCurrent = true;
    files
      .fetchFile(id, "screenshot")
      .then((answer) => {
        if (!isCurrent) return;
        if ("code" in answer) return setState({ problem: answer.message });
        url = URL.createObjectURL(answer.file);
        setState({ url });
      })
      .catch(() => isCurrent && setState({ problem: "截图加载失败，请稍后重试" }));
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [files, id]);

  if (!state) return <Spin />;
  if ("problem" in state) return <Alert type="warning" showIcon message={state.problem} />;
  return <Image src={state.url} alt="网页整页截图" style={{ maxHeight: 600, objectFit: "contain", objectPosition: "top", border: "1px solid #f0f0f0" }} />;
}
