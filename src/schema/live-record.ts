import { z } from "zod";
import { endpoint } from "./contract";
import { LIVE_RECORDING_MAX_MINUTES, RecordingNameSchema, RecordingPurposeSchema, RecordingRecordSchema } from "./recording";

/**
 * Live recording (/evidenceTaken/liveRecord, issue 16): the platform records a live stream with
 * Debian's ffmpeg for a chosen duration, started from the guidance page (spec §2: no new page).
 */

export const LIVE_URL_MAX_LENGTH = 2000;
/** The schemes ffmpeg is given; rtmp only to hosts the operator allowed (CAPTURE_ALLOWED_HOSTS). */
export const LIVE_URL_SCHEMES = ["http:", "https:", "rtmp:"] as const;

export const LIVE_RECORD_MESSAGES = {
  urlRequired: "请输入直播流地址",
  urlInvalid: "请输入 http(s) 直播流地址（HLS 的 .m3u8、HTTP-FLV 或媒体文件地址）",
  rtmpRefused: "rtmp 直播流只能录制平台管理员允许的主机",
  minutesInvalid: `录制时长须为 1 至 ${LIVE_RECORDING_MAX_MINUTES} 分钟的整数`,
  streamFailed: "无法读取该直播流",
} as const;

export const LiveRecordStartSchema = z.object({
  url: z
    .string({ error: LIVE_RECORD_MESSAGES.urlRequired })
    .trim()
    .min(1, LIVE_RECORD_MESSAGES.urlRequired)
    .max(LIVE_URL_MAX_LENGTH, LIVE_RECORD_MESSAGES.urlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (LIVE_URL_SCHEMES as readonly string[]).includes(url.protocol) && url.hostname !== "" && url.username === "" && url.password === "";
      } catch {
        return false;
      }
    }, LIVE_RECORD_MESSAGES.urlInvalid)
    .meta({ title: "直播流地址", placeholder: "例如 https://live.example.com/room/1/index.m3u8" }),
  minutes: z.coerce
    .number({ error: LIVE_RECORD_MESSAGES.minutesInvalid })
    .int(LIVE_RECORD_MESSAGES.minutesInvalid)
    .min(1, LIVE_RECORD_MESSAGES.minutesInvalid)
    .max(LIVE_RECORDING_MAX_MINUTES, LIVE_RECORD_MESSAGES.minutesInvalid)
    .meta({ title: "录制时长（分钟）" }),
  name: RecordingNameSchema,
  purpose: RecordingPurposeSchema,
});
export type LiveRecordStart = z.infer<typeof LiveRecordStartSchema>;

export const LIVE_RECORD_ENDPOINTS = {
  start: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/startLiveRecord",
    input: LiveRecordStartSchema,
    datas: RecordingRecordSchema,
    session: "user",
    tag: "电子取证",
    summary: `直播取证：平台服务器用 ffmpeg 录制直播流（1–${LIVE_RECORDING_MAX_MINUTES} 分钟），预扣一次录屏保全次数；到时或直播结束时封存上链，服务重启则按中断封存`,
  }),
};
