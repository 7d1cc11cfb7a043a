import { execFile } from "node:child_process";

/**
 * Whether Debian's ffmpeg is here with the encoder a recorder needs, and if not, why (in Chinese,
 * with the command that fixes it). Answered once per path and encoder: the binary does not change
 * under a running server.
 */

export const DEFAULT_FFMPEG_PATH = "ffmpeg";
const CHECK_TIMEOUT_MS = 10_000;

export type FfmpegAvailability = { available: true; version: string } | { available: false; reason: string };

const known = new Map<string, Promise<FfmpegAvailability>>();

export function ffmpegAvailability(ffmpegPath: string, encoder: string): Promise<FfmpegAvailability> {
  const key = `${ffmpegPath}\n${encoder}`;
  let answer = known.get(key);
  if (!answer) {
    answer = check(ffmpegPath, encoder);
    known.set(key, answer);
    // A missing binary may be installed while the server runs; ask again next time.
    void answer.then((result) => {
      if (!result.available) known.delete(key);
    });
  }
  return answer;
}

function check(ffmpegPath: string, encoder: string): Promise<FfmpegAvailability> {
  return new Promise((resolve) => {
    execFile(ffmpegPath, ["-hide_banner", "-encoders"], { timeout: CHECK_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
      if (error) {
        resolve({ available: false, reason: `服务器上未找到可用的 ffmpeg（${ffmpegPath}）。请安装：sudo apt-get install -y ffmpeg` });
        return;
      }
      if (!new RegExp(`^\\s*V\\S*\\s+${encoder}\\s`, "m").test(stdout)) {
        resolve({ available: false, reason: `服务器上的 ffmpeg 不含 ${encoder} 编码器。请安装 Debian 的 ffmpeg：sudo apt-get install -y ffmpeg` });
        return;
      }
      execFile(ffmpegPath, ["-hide_banner", "-version"], { timeout: CHECK_TIMEOUT_MS }, (_error, version) => {
        resolve({ available: true, version: /ffmpeg version (\S+)/.exec(version ?? "")?.[1] ?? "unknown" });
      });
    });
  });
}
