import { DownloadOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { useSessionStore } from "../providers/session-context";
import { fetchSignedFile, saveFile, type SignedFileAnswer } from "../providers/signed-file";
import { createSignedUrlBuilder } from "../providers/signed-url";
import type { Endpoint, EndpointInput } from "../schema/contract";

type FileEndpoint = Endpoint & { method: "GET" };

/**
 * What a file call serves, by the media type its answer has (none: any type but the refusal's
 * JSON), and the name the file gets when the server gives none.
 */
export interface ExpectedFile {
  contentType?: string;
  fallbackName: string;
}

/**
 * A file call's answer fetched from its signed address (the session's token included): as a blob
 * for a page that shows it (a PDF preview), or handed to the browser's downloads with the refusal
 * shown as a message.
 */
export function useSignedFiles() {
  const sessionStore = useSessionStore();
  const { message } = App.useApp();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    const fetchFile = <E extends FileEndpoint>(endpoint: E, params: EndpointInput<E>, expected: ExpectedFile): Promise<SignedFileAnswer> => fetchSignedFile(signedUrl(endpoint, params), expected);
    return {
      signedUrl,
      fetchFile,
      /** Resolves to whether the file was saved; a refusal or a network failure has been shown. */
      async download<E extends FileEndpoint>(endpoint: E, params: EndpointInput<E>, expected: ExpectedFile): Promise<boolean> {
        try {
          const answer = await fetchFile(endpoint, params, expected);
          if ("code" in answer) {
            message.error(answer.message);
            return false;
          }
          saveFile(answer.file, answer.fileName);
          return true;
        } catch {
          message.error("下载失败，请稍后重试");
          return false;
        }
      },
    };
  }, [sessionStore, message]);
}

export interface SignedDownloadButtonProps<E extends FileEndpoint> {
  endpoint: E;
  params: EndpointInput<E>;
  file: ExpectedFile;
  children: ReactNode;
  type?: "link" | "default" | "primary";
}

/** A button that downloads one file call's answer (下载发票, 下载公证书). */
export function SignedDownloadButton<E extends FileEndpoint>({ endpoint, params, file, children, type = "link" }: SignedDownloadButtonProps<E>) {
  const files = useSignedFiles();
  const [isLoading, setLoading] = useState(false);
  async function download() {
    setLoading(true);
    await files.download(endpoint, params, file);
    setLoading(false);
  }
  return (
    <Button type={type} size={type === "link" ? "small" : "middle"} style={type === "link" ? { padding: 0 } : undefined} icon={<DownloadOutlined />} loading={isLoading} onClick={() => void download()}>
      {children}
    </Button>
  );
}

/**
 * A plain link to a file call's signed address, signed when clicked (a signature is good for five
 * minutes, the page may stay open longer): the browser streams the file to disk itself, for large
 * files (an application's evidence package) that should not pass through the page's memory.
 */
export function SignedDownloadLink<E extends FileEndpoint>({ endpoint, params, children }: { endpoint: E; params: EndpointInput<E>; children: ReactNode }) {
  const { signedUrl } = useSignedFiles();
  return (
    <a href={signedUrl(endpoint, params)} download onClick={(event) => (event.currentTarget.href = signedUrl(endpoint, params))}>
      {children}
    </a>
  );
}
