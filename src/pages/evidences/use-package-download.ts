import { App } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAppFeedback } from "../../components/app-feedback";
import type { PackageCalls } from "../../providers/evidence-library-client";

/** How often the page asks how far packaging is. */
export const PACKAGE_POLL_MS = 1000;
/** A new server estimate replaces the countdown only when it differs this much from what is shown. */
const ESTIMATE_DRIFT_SECONDS = 3;

/**
 * Packaging then downloading (issue 5 evidenceDownload): starts the server's job, shows the shell's
 * packaging countdown (spec §2) while polling its progress, then hands the finished ZIP to the
 * browser as a download. One package at a time per page.
 */
export function usePackageDownload(calls: PackageCalls) {
  const { packaging } = useAppFeedback();
  const { message } = App.useApp();
  const [isPackaging, setPackaging] = useState(false);
  const cancelled = useRef(false);
  useEffect(() => {
    cancelled.current = false;
    return () => {
      // Leaving the page stops the polling and takes the modal away with it.
      cancelled.current = true;
      packaging.close();
    };
  }, [packaging]);

  const download = useCallback(
    async (evidenceIds: readonly number[]) => {
      setPackaging(true);
      try {
        let status = await calls.start(evidenceIds);
        let shown = { seconds: status.estimatedSeconds, at: Date.now() };
        packaging.show({ estimatedSeconds: shown.seconds });
        while (status.status === "packaging" && !cancelled.current) {
          await new Promise((resolve) => setTimeout(resolve, PACKAGE_POLL_MS));
          status = await calls.status(status.jobId);
          const expected = shown.seconds - (Date.now() - shown.at) / 1000;
          if (status.status === "packaging" && Math.abs(status.estimatedSeconds - expected) >= ESTIMATE_DRIFT_SECONDS) {
            shown = { seconds: status.estimatedSeconds, at: Date.now() };
            packaging.show({ estimatedSeconds: shown.seconds });
          }
        }
        packaging.close();
        if (status.status === "ready") {
          saveFrom(calls.url(status.jobId), status.fileName);
          message.success(`打包完成，开始下载 ${status.fileName}`);
        } else if (status.status === "failed") {
          message.error(status.message ?? "打包失败，请稍后重试");
        }
      } catch (error) {
        packaging.close();
        message.error((error as Error).message || "打包失败，请稍后重试");
      } finally {
        setPackaging(false);
      }
    },
    [calls, message, packaging],
  );

  return { download, isPackaging };
}

/** Lets the browser download an address (the server answers it as an attachment). */
export function saveFrom(url: string, fileName = "") {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}
