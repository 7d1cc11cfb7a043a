import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Space } from "antd";
import { useState } from "react";
import type { EndpointFiles, FileKinds } from "../providers/endpoint-files";
import { saveFile } from "../providers/signed-file";

/** A button per file of a record's package (or the `only` ones), each fetched and saved when clicked. */
export function FileButtons<K extends string>({ id, name, kinds, only, files, size }: { id: number; name: string; kinds: FileKinds<K>; only?: readonly K[]; files: EndpointFiles<K>; size?: "small" }) {
  const { message } = App.useApp();
  const [loading, setLoading] = useState<K | null>(null);

  async function download(kind: K) {
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
      {(only ?? (Object.keys(kinds) as K[])).map((kind) => (
        <Button key={kind} size={size} icon={<DownloadOutlined />} loading={loading === kind} onClick={() => void download(kind)}>
          {kinds[kind].label}
        </Button>
      ))}
    </Space>
  );
}
