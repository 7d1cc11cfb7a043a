import { z } from "zod";
import { endpoint } from "./contract";
import { RecordingIdSchema, RecordingNameSchema, RecordingPurposeSchema, RecordingRecordSchema, MOBILE_ARRAY_MAX_DEVICES } from "./recording";

/**
 * Mobile arrays (/evidenceTaken/mobileArray, issue 16): several bound devices record the same
 * event as one group recording; each device joins with its own part (src/schema/device.ts
 * startRecording {groupId}); stopping the group seals one package with every part.
 */

export const MOBILE_ARRAY_MIN_DEVICES = 2;

export const MOBILE_ARRAY_MESSAGES = {
  devicesRequired: `请选择 ${MOBILE_ARRAY_MIN_DEVICES} 至 ${MOBILE_ARRAY_MAX_DEVICES} 台已绑定的设备`,
  deviceNotYours: "所选设备不存在、已解绑或不属于您",
} as const;

export const MobileArrayStartSchema = z.object({
  name: RecordingNameSchema,
  purpose: RecordingPurposeSchema,
  deviceIds: z
    .array(z.coerce.number().int().positive(), { error: MOBILE_ARRAY_MESSAGES.devicesRequired })
    .min(MOBILE_ARRAY_MIN_DEVICES, MOBILE_ARRAY_MESSAGES.devicesRequired)
    .max(MOBILE_ARRAY_MAX_DEVICES, MOBILE_ARRAY_MESSAGES.devicesRequired)
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= MOBILE_ARRAY_MIN_DEVICES, MOBILE_ARRAY_MESSAGES.devicesRequired)
    .meta({ title: "参与设备" }),
});
export type MobileArrayStart = z.infer<typeof MobileArrayStartSchema>;

/** A chosen device and the part it records once it joined. */
export const MobileArrayMemberSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  partId: z.number().int().nullable(),
  joinTime: z.number().int().nullable(),
});
export type MobileArrayMember = z.infer<typeof MobileArrayMemberSchema>;

const TAG = "电子取证";

export const MOBILE_ARRAY_ENDPOINTS = {
  start: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/startMobileArray",
    input: MobileArrayStartSchema,
    datas: RecordingRecordSchema,
    session: "user",
    tag: TAG,
    summary: `发起手机阵列取证：选择 ${MOBILE_ARRAY_MIN_DEVICES}–${MOBILE_ARRAY_MAX_DEVICES} 台已绑定设备，预扣一次录屏保全次数；各设备以 groupId 加入录制，结束时封存为一份证据`,
  }),
  members: endpoint({ method: "GET", path: "/evidenceTaken/v2/getMobileArrayDevices", input: RecordingIdSchema, datas: z.array(MobileArrayMemberSchema), session: "user", tag: TAG, summary: "手机阵列取证选中的设备及各自加入后的录制编号" }),
};
