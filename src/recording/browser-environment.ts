import type { ScreenRecordStart } from "../schema/recording";

/**
 * What the screen recorder reports about the browser it runs in (environment.json of the package):
 * the browser's own statements, recorded as given; the server adds the clock offset.
 */

/** The operating system a user agent names, in the words users know; null when it names none we know. */
export function osFromUserAgent(userAgent: string): string | null {
  const windows = /Windows NT (\d+\.\d+)/.exec(userAgent);
  if (windows) return { "10.0": "Windows 10/11", "6.3": "Windows 8.1", "6.2": "Windows 8", "6.1": "Windows 7" }[windows[1]] ?? `Windows NT ${windows[1]}`;
  const android = /Android (\d+(?:\.\d+)?)/.exec(userAgent);
  if (android) return `Android ${android[1]}`;
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/.exec(userAgent);
  if (ios) return `iOS ${ios[1].replace(/_/g, ".")}`;
  const mac = /Mac OS X (\d+(?:[_.]\d+)*)/.exec(userAgent);
  if (mac) return `macOS ${mac[1].replace(/_/g, ".")}`;
  if (/CrOS/.test(userAgent)) return "ChromeOS";
  if (/Linux/.test(userAgent)) return "Linux";
  return null;
}

/** MIME types a MediaRecorder is asked for, best first: WebM (VP9, VP8) as Chromium and Firefox record, then MP4 (Safari). */
export const RECORDER_MIME_TYPES = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp9", "video/webm;codecs=vp8,opus", "video/webm;codecs=vp8", "video/webm", "video/mp4"] as const;

export function chooseMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDER_MIME_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

export function screenEnvironment(options: { surface: string | null; mimeType: string }): ScreenRecordStart["environment"] {
  const { userAgent } = navigator;
  return {
    userAgent,
    os: osFromUserAgent(userAgent),
    screen: { width: window.screen.width, height: window.screen.height, pixelRatio: window.devicePixelRatio },
    surface: options.surface,
    mimeType: options.mimeType,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
  };
}

/** Whether this browser can record its screen at all. */
export const canRecordScreen = () => typeof MediaRecorder !== "undefined" && typeof navigator.mediaDevices?.getDisplayMedia === "function";

/** 07:05, or 1:02:03 past an hour: the recorder's timer. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
