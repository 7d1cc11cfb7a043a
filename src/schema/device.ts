import { z } from "zod";
import { endpoint } from "./contract";
import { EXTRACT_NO_ALPHABET } from "./evidence-library";
import { pagePSchema, pageQuerySchema } from "./paging";
import { SealingRecordSchema } from "./seal";
import { RecordingChunkFieldsSchema, RecordingChunkReceiptSchema, RecordingIdSchema, RecordingNameSchema, RecordingPurposeSchema, RecordingRecordSchema, RecordingUploadStateSchema } from "./recording";
import { canonicalParamString, type SignedParams } from "./signature";
import { defineStateMachine } from "./state-machine";
import { optionalText, textRule } from "./string-rule";

/**
 * Recording devices (issue 16): a phone app or a recording device bound to a holder's account by
 * a one-use code, then recording for that holder (mobileRecord, a part of a mobileArray). The
 * device keeps an Ed25519 key pair; the platform stores only the public key, and every device
 * call after register is signed with the private key (DEVICE_SIGNING below). Shared by the device
 * module (server/modules/device), the reference client (server/cli/device-client.ts), the seal
 * configuration (which devices may use a seal) and the pages.
 */

// ---- the device's life ----

/** active: bound, its calls are taken; unbound: the holder unbound it, every call is refused (it may bind again with a new code, as a new device). */
export const DEVICE_STATES = ["active", "unbound"] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
export const DEVICE_STATE_LABELS: Record<DeviceState, string> = { active: "已绑定", unbound: "已解绑" };
export const DEVICE_STATE_COLORS: Record<DeviceState, string> = { active: "success", unbound: "default" };

/** A device is born active (register with a valid code); unbinding is final. */
export const DEVICE_TRANSITIONS = {
  unbind: { from: ["active"], to: "unbound", by: "holder" },
} as const satisfies Record<string, { from: readonly DeviceState[]; to: DeviceState; by: "holder" }>;
export const DEVICE_LIFECYCLE = defineStateMachine("device", DEVICE_TRANSITIONS, {
  refusal: (state) => `当前设备状态（${DEVICE_STATE_LABELS[state]}）不能进行此操作`,
});
export const DeviceStateError = DEVICE_LIFECYCLE.Error;

// ---- bind codes ----

/** The extraction numbers' alphabet (no look-alikes): the code is read off a screen and typed. 31^6 ≈ 8.9 × 10^8 codes. */
export const BIND_CODE_ALPHABET = EXTRACT_NO_ALPHABET;
export const BIND_CODE_LENGTH = 6;
/** A bind code is good for this long, once. */
export const BIND_CODE_TTL_MS = 10 * 60_000;
export const BIND_CODE_PATTERN = new RegExp(`^[${BIND_CODE_ALPHABET}]{${BIND_CODE_LENGTH}}$`);

/**
 * What the QR code of a bind code holds: a URI the device client reads (`hzdevice://bind?server=…&code=…`).
 * `server` is the platform's origin as the holder's browser sees it.
 */
export const DEVICE_BIND_URI_SCHEME = "hzdevice:";
export function deviceBindUri(server: string, code: string): string {
  return `${DEVICE_BIND_URI_SCHEME}//bind?${new URLSearchParams({ server, code }).toString()}`;
}
export function parseDeviceBindUri(text: string): { server: string; code: string } | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== DEVICE_BIND_URI_SCHEME || url.host !== "bind") return null;
  const server = url.searchParams.get("server");
  const code = url.searchParams.get("code");
  return server && code ? { server, code } : null;
}

// ---- the signature of device calls ----

/**
 * Every device call carries `deviceSignature`: the base64 Ed25519 signature, by the device's key,
 * of the UTF-8 text
 *   hengzheng-device-v1 \n <METHOD> <path below the site root, e.g. /webapi/device/v2/uploadChunk> \n <canonical string>
 * where the canonical string is the DESIGN §4 signature string (src/schema/signature.ts
 * canonicalParamString) of every parameter of the request except `deviceSignature` and
 * `signature`: so it covers `timestamp`, `deviceId`, and for a chunk its `sha256` (the chunk's
 * bytes are bound through that digest, which the server checks against what arrives). The §4
 * `signature` is then computed as for any call, over the parameters including `deviceSignature`.
 * register is signed the same way by the new key (no deviceId yet): proof of possession.
 * A request is taken once (the platform remembers each signature for ten minutes) and only within
 * five minutes of the server's clock.
 */
export const DEVICE_SIGNING_CONTEXT = "hengzheng-device-v1";
export const DEVICE_SIGNATURE_FIELD = "deviceSignature";

/** The text a device signs for a call to `fullPath` (webapiPath(endpoint): /webapi/device/v2/…). */
export function deviceSigningText(method: string, fullPath: string, params: SignedParams): string {
  const signed = Object.fromEntries(Object.entries(params).filter(([name]) => name !== DEVICE_SIGNATURE_FIELD));
  return `${DEVICE_SIGNING_CONTEXT}\n${method} ${fullPath}\n${canonicalParamString(signed)}`;
}

/** Raw Ed25519 public key (32 bytes) or signature (64 bytes) in standard base64. */
const base64Of = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, message)
    .refine((value) => value.length === 4 * Math.ceil(bytes / 3), message);

// ---- messages and codes ----

export const DEVICE_NAME_MAX = 50;

export const DEVICE_MESSAGES = {
  notFound: "设备不存在",
  codeRequired: "请输入设备绑定码",
  codeWrong: "绑定码不正确，请核对后重新输入",
  codeExpired: "绑定码已过期，请在平台重新生成",
  codeUsed: "绑定码已使用，请在平台重新生成",
  publicKeyInvalid: "设备公钥格式不正确（应为 32 字节 Ed25519 公钥的 Base64）",
  publicKeyTaken: "该设备密钥已绑定在用，请先解绑原设备或生成新的密钥",
  signatureInvalid: "设备签名校验失败",
  deviceUnknown: "设备未绑定或不存在，请重新绑定",
  deviceUnbound: "该设备已被解绑，请重新绑定后再使用",
  nameRequired: "请输入设备名称",
  nameTooLong: `设备名称不能超过${DEVICE_NAME_MAX}个字符`,
  notInGroup: "该设备未被选入此手机阵列取证，不能加入录制",
  notDevicesRecording: "该录制不是本设备的录制",
  alreadyJoined: "本设备已加入该手机阵列取证，请按续传位置继续上传",
} as const;

/** The business codes of the device calls (34xx), each with its message above. */
export const DeviceCode = {
  codeWrong: 3400,
  codeExpired: 3401,
  codeUsed: 3402,
  publicKeyInvalid: 3403,
  publicKeyTaken: 3404,
  signatureInvalid: 3405,
  deviceUnknown: 3406,
  deviceUnbound: 3407,
  notInGroup: 3408,
  notDevicesRecording: 3409,
  alreadyJoined: 3410,
} as const;

// ---- records ----

/** A device as the holder's list shows it (and as the seal configuration chooses from). */
export const DeviceRecordSchema = z.object({
  id: z.number().int().meta({ title: "设备编号" }),
  name: z.string().meta({ title: "设备名称", ellipsis: true }),
  model: z.string().nullable().meta({ title: "设备型号", ellipsis: true }),
  os: z.string().nullable().meta({ title: "操作系统", ellipsis: true }),
  /** SHA-256 of the raw public key, hex: what the device client prints to compare. */
  publicKeySha256: z.string().meta({ title: "公钥指纹（SHA-256）", mono: true, copyable: true, ellipsis: true }),
  /** The raw Ed25519 public key, base64: written into each recording's environment. */
  publicKey: z.string().meta({ title: "设备公钥", row: "never" }),
  state: z.enum(DEVICE_STATES).meta({ title: "状态", labels: DEVICE_STATE_LABELS, colors: DEVICE_STATE_COLORS }),
  bindTime: z.number().int().meta({ title: "绑定时间", format: "datetime" }),
  lastSeenTime: z.number().int().nullable().meta({ title: "最近使用", format: "datetime" }),
  unbindTime: z.number().int().nullable().meta({ title: "解绑时间", format: "datetime", row: "ifPresent" }),
});
export type DeviceRecord = z.infer<typeof DeviceRecordSchema>;

export const DeviceNameSchema = textRule({ required: DEVICE_MESSAGES.nameRequired }).pipe(z.string().max(DEVICE_NAME_MAX, DEVICE_MESSAGES.nameTooLong)).meta({ title: "设备名称" });

export const DeviceListQuerySchema = pageQuerySchema().extend({
  keyName: optionalText(z.string().trim().max(DEVICE_NAME_MAX)).meta({ title: "设备名称" }),
  state: optionalText(z.enum(DEVICE_STATES, { error: "状态不正确" })).meta({ title: "状态", labels: DEVICE_STATE_LABELS }),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

export const DeviceIdSchema = z.object({ id: z.coerce.number({ error: DEVICE_MESSAGES.notFound }).int().positive(DEVICE_MESSAGES.notFound) });
export const DeviceRenameSchema = DeviceIdSchema.extend({ name: DeviceNameSchema });

/** A new bind code, shown once: as text and as the QR code of deviceBindUri(origin, code). */
export const DeviceBindCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.number().int(),
});
export type DeviceBindCode = z.infer<typeof DeviceBindCodeSchema>;

// ---- the device's calls ----

/** What every signed device call adds to its own parameters. */
export const DeviceAuthFieldsSchema = z.object({
  deviceId: z.coerce.number({ error: DEVICE_MESSAGES.deviceUnknown }).int().positive(DEVICE_MESSAGES.deviceUnknown),
  deviceSignature: base64Of(64, DEVICE_MESSAGES.signatureInvalid),
});
export type DeviceAuthFields = z.infer<typeof DeviceAuthFieldsSchema>;

const optionalReported = (title: string) => optionalText(z.string().trim().max(200, `${title}不能超过200个字符`)).meta({ title });

export const DeviceRegisterSchema = z.object({
  code: z
    .string({ error: DEVICE_MESSAGES.codeRequired })
    .trim()
    .min(1, DEVICE_MESSAGES.codeRequired)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(BIND_CODE_PATTERN, DEVICE_MESSAGES.codeWrong)),
  name: DeviceNameSchema,
  model: optionalReported("设备型号"),
  os: optionalReported("操作系统"),
  publicKey: base64Of(32, DEVICE_MESSAGES.publicKeyInvalid),
  /** Signed by the key being registered (DEVICE_SIGNING): proof the device holds it. */
  deviceSignature: base64Of(64, DEVICE_MESSAGES.signatureInvalid),
});
export type DeviceRegister = z.infer<typeof DeviceRegisterSchema>;

export const DeviceRegisteredSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  publicKeySha256: z.string(),
  /** The server's clock, so the device can sign timestamps the server accepts. */
  serverTime: z.number().int(),
});
export type DeviceRegistered = z.infer<typeof DeviceRegisteredSchema>;

/** A device starts a recording of its own (mobileRecord) or its part of a mobile array (`groupId`). */
export const DeviceStartRecordingSchema = DeviceAuthFieldsSchema.extend({
  name: RecordingNameSchema,
  purpose: RecordingPurposeSchema,
  groupId: z.coerce.number().int().positive().optional(),
  /** The media type the device uploads, e.g. video/mp4. */
  mimeType: z.string().trim().min(1).max(200).default("video/mp4"),
  /** The device's clock when it asked, for the clock offset. */
  clientTime: z.coerce.number().int(),
  timeZone: optionalText(z.string().trim().max(100)),
});
export type DeviceStartRecording = z.infer<typeof DeviceStartRecordingSchema>;

export const DeviceRecordingIdSchema = DeviceAuthFieldsSchema.extend(RecordingIdSchema.shape);
/** One chunk (multipart: these fields, then the file `chunk`), as RECORDING_ENDPOINTS.uploadChunk takes it. */
export const DeviceChunkFieldsSchema = DeviceAuthFieldsSchema.extend(RecordingChunkFieldsSchema.shape);

/** A mobile array the holder chose this device for; it joins with startRecording {groupId}. */
export const DeviceAssignmentSchema = z.object({ groupId: z.number().int(), joined: z.boolean() });
export type DeviceAssignment = z.infer<typeof DeviceAssignmentSchema>;

const HOLDER_TAG = "电子取证";
const DEVICE_TAG = "取证设备接口";

/** The holder's device calls (the device list page, the bind code modal). */
export const DEVICE_ENDPOINTS = {
  list: endpoint({ method: "GET", path: "/evidenceTaken/v2/getDeviceList", input: DeviceListQuerySchema, datas: pagePSchema(DeviceRecordSchema), session: "user", tag: HOLDER_TAG, summary: "本人绑定的取证设备列表" }),
  createBindCode: endpoint({
    method: "POST",
    path: "/evidenceTaken/v2/createDeviceBindCode",
    input: z.object({}),
    datas: DeviceBindCodeSchema,
    session: "user",
    tag: HOLDER_TAG,
    summary: `生成设备绑定码：${BIND_CODE_LENGTH} 位，${BIND_CODE_TTL_MS / 60_000} 分钟内有效，只能使用一次；生成新码后本人之前未使用的绑定码作废`,
  }),
  unbind: endpoint({ method: "POST", path: "/evidenceTaken/v2/unbindDevice", input: DeviceIdSchema, datas: DeviceRecordSchema, session: "user", tag: HOLDER_TAG, summary: "解绑设备：此后该设备的所有调用均被拒绝" }),
  rename: endpoint({ method: "POST", path: "/evidenceTaken/v2/renameDevice", input: DeviceRenameSchema, datas: DeviceRecordSchema, session: "user", tag: HOLDER_TAG, summary: "重命名设备" }),
};

/** The device's own calls: no session; signed by the device's key (DEVICE_SIGNING above). */
export const DEVICE_CLIENT_ENDPOINTS = {
  register: endpoint({
    method: "POST",
    path: "/device/v2/register",
    input: DeviceRegisterSchema,
    datas: DeviceRegisteredSchema,
    session: "tokenless",
    tag: DEVICE_TAG,
    summary: "设备注册：凭绑定码把设备公钥绑定到生成绑定码的账号；请求由该公钥对应的私钥签名以证明持有",
  }),
  startRecording: endpoint({
    method: "POST",
    path: "/device/v2/startRecording",
    input: DeviceStartRecordingSchema,
    datas: RecordingRecordSchema,
    session: "tokenless",
    tag: DEVICE_TAG,
    summary: "设备开始录制：独立的手机录屏取证（预扣一次录屏保全次数），或以 groupId 加入已选中本设备的手机阵列取证",
  }),
  uploadChunk: endpoint({
    method: "POST",
    path: "/device/v2/uploadChunk",
    input: DeviceChunkFieldsSchema,
    datas: RecordingChunkReceiptSchema,
    session: "tokenless",
    multipart: true,
    tag: DEVICE_TAG,
    summary: "设备上传录制分片（字段在前，文件字段 chunk 在后）：签名覆盖分片的 SHA-256；按序号续传",
  }),
  uploadState: endpoint({ method: "GET", path: "/device/v2/getUploadState", input: DeviceRecordingIdSchema, datas: RecordingUploadStateSchema, session: "tokenless", tag: DEVICE_TAG, summary: "设备录制的续传位置" }),
  stopRecording: endpoint({ method: "POST", path: "/device/v2/stopRecording", input: DeviceRecordingIdSchema, datas: RecordingRecordSchema, session: "tokenless", tag: DEVICE_TAG, summary: "设备结束录制：最后一次锚定后封存上链" }),
  sealCertificate: endpoint({
    method: "POST",
    path: "/device/v2/sealRecordingCertificate",
    input: DeviceRecordingIdSchema,
    datas: SealingRecordSchema,
    session: "tokenless",
    tag: DEVICE_TAG,
    summary: "设备为自己已封存的录制的取证证书加盖本单位电子印章（须在印章配置中允许该设备，3504）",
  }),
  assignments: endpoint({ method: "GET", path: "/device/v2/getAssignments", input: DeviceAuthFieldsSchema, datas: z.array(DeviceAssignmentSchema), session: "tokenless", tag: DEVICE_TAG, summary: "选中本设备的手机阵列取证（最近 20 个）及本设备是否已加入" }),
};
