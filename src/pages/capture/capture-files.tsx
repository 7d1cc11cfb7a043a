import { Alert, Image, Spin } from "antd";
import { useEffect, useState } from "react";
import { FileButtons } from "../../components/file-buttons";
import { useCaptureFiles } from "../../providers/capture-files";
import { CAPTURE_FILES } from "../../schema/capture";

/** A button per file of a capture's package (WACZ, screenshot, PDF, HTML, provenance), each fetched when clicked. */
export function CaptureFileButtons({ id, name }: { id: number; name: string }) {
  return <FileButtons id={id} name={name} kinds={CAPTURE_FILES} files={useCaptureFiles()} />;
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
