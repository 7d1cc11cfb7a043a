import { spawn } from "node:child_process";
import type { MatcherAvailability } from "../monitoring.types.js";
import { MatcherInputError } from "./matcher-errors.js";

/**
 * The Debian tools the audio and video matchers run: spawned with an argument list (never a shell),
 * with a time limit and a cap on what they may print, so a hostile or endless file costs a bounded
 * amount of CPU and memory.
 */

/** Which Debian package brings each tool (said in the message when it is missing). */
const TOOL_PACKAGES = { fpcalc: "libchromaprint-tools", ffmpeg: "ffmpeg", ffprobe: "ffmpeg" } as const;
export type MediaTool = keyof typeof TOOL_PACKAGES;

export function missingToolReason(tool: MediaTool): string {
  const pkg = TOOL_PACKAGES[tool];
  return `未找到 ${tool}（Debian 软件包 ${pkg}），请由管理员安装：apt-get install -y ${pkg}`;
}

/** What a tool may print on stderr that we keep for the error message. */
const STDERR_KEPT_CHARS = 2_000;

export interface ToolLimits {
  timeoutMs: number;
  maxStdoutBytes: number;
  /** Exit codes that still carry a usable result (default: only 0). */
  okExitCodes?: number[];
  /** Called with each stderr line (ffmpeg's showinfo reports frame times there). */
  onStderrLine?: (line: string) => void;
}

/** Run a tool; resolves with its stdout, rejects with a Chinese MatcherInputError on any failure. */
export function runTool(tool: MediaTool, args: string[], limits: ToolLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrTail = "";
    let pendingLine = "";
    let failure: MatcherInputError | null = null;
    const stop = (why: MatcherInputError) => {
      failure ??= why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop(new MatcherInputError(`${tool} 处理超时（超过 ${Math.round(limits.timeoutMs / 1000)} 秒），文件可能过长或已损坏`)), limits.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.maxStdoutBytes) stop(new MatcherInputError(`${tool} 输出超过上限（${limits.maxStdoutBytes} 字节），文件过大`));
      else chunks.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderrTail = (stderrTail + text).slice(-STDERR_KEPT_CHARS);
      if (!limits.onStderrLine) return;
      const lines = (pendingLine + text).split("\n");
      pendingLine = lines.pop()!;
      for (const line of lines) limits.onStderrLine(line);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new MatcherInputError(error.code === "ENOENT" ? missingToolReason(tool) : `${tool} 无法运行：${error.message.slice(0, 200)}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (pendingLine && limits.onStderrLine) limits.onStderrLine(pendingLine);
      if (failure) reject(failure);
      else if (!(limits.okExitCodes ?? [0]).includes(code ?? -1)) reject(new MatcherInputError(`${tool} 无法处理该文件（已损坏或格式不受支持）：${lastLines(stderrTail)}`));
      else resolve(Buffer.concat(chunks));
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split("\n").slice(-2).join(" ").slice(0, 300);
}

/** How long probing a file or asking a version may take. */
const PROBE_TIMEOUT_MS = 15_000;

/** A media file's duration in seconds (ffprobe), for audio, video and animated pictures. */
export async function probeDuration(path: string): Promise<number> {
  const out = await runTool("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "json", "--", path], { timeoutMs: PROBE_TIMEOUT_MS, maxStdoutBytes: 64_000 });
  const seconds = Number((JSON.parse(out.toString("utf8")) as { format?: { duration?: string } }).format?.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new MatcherInputError("无法读取媒体时长（文件已损坏或不是音视频文件）");
  return seconds;
}

async function isToolRunnable(tool: MediaTool): Promise<{ available: true } | { available: false; reason: string }> {
  try {
    await runTool(tool, ["-version"], { timeoutMs: PROBE_TIMEOUT_MS, maxStdoutBytes: 64_000 });
    return { available: true };
  } catch (error) {
    const message = (error as Error).message;
    return { available: false, reason: message.startsWith("未找到") ? message : `${tool} 无法运行（${message.slice(0, 120)}），请检查安装：apt-get install -y ${TOOL_PACKAGES[tool]}` };
  }
}

let availability: Promise<MatcherAvailability> | null = null;

/**
 * Which matchers can run on this server: text, keywords, pictures and logos need only sharp (a
 * dependency); audio needs fpcalc, video ffmpeg and ffprobe. Asked once per process: installed
 * packages do not change while it runs.
 */
export function matcherAvailability(): Promise<MatcherAvailability> {
  return (availability ??= (async () => {
    const [fpcalc, ffmpeg, ffprobe] = await Promise.all([isToolRunnable("fpcalc"), isToolRunnable("ffmpeg"), isToolRunnable("ffprobe")]);
    const ready = { available: true } as const;
    return { text: ready, image: ready, logo: ready, keyword: ready, audio: fpcalc, video: ffmpeg.available ? ffprobe : ffmpeg };
  })());
}
