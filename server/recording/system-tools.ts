import { execFile } from "node:child_process";

export type ToolAvailability = { available: true; version: string } | { available: false; reason: string };

/** How long `ffmpeg -version` may take before the tool counts as unusable. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Whether Debian's ffmpeg runs here (`ffmpeg -version`), for the recorders that need it (the cloud
 * browser's video, live streams). Asked once per process: the answer does not change while it runs.
 */
export function ffmpegCheck(binary = "ffmpeg"): () => Promise<ToolAvailability> {
  let answer: Promise<ToolAvailability> | null = null;
  return () => (answer ??= versionOf(binary));
}

function versionOf(binary: string): Promise<ToolAvailability> {
  return new Promise((resolve) => {
    execFile(binary, ["-version"], { timeout: CHECK_TIMEOUT_MS }, (error, stdout) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        resolve({ available: false, reason: code === "ENOENT" ? `未找到 ${binary}，请由管理员安装：sudo apt-get install -y ffmpeg` : `${binary} 无法运行：${error.message.slice(0, 200)}` });
        return;
      }
      const version = /version\s+(\S+)/.exec(stdout)?.[1] ?? "unknown";
      resolve({ available: true, version });
    });
  });
}
