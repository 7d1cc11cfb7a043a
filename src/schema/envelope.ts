import { z } from "zod";

/**
 * Every /webapi response body is this envelope (spec §7, DESIGN.md §4). `code` 200 is success;
 * business outcomes travel with HTTP 200 and their own code, protocol failures with the matching
 * HTTP status and still this body.
 */
export function envelopeSchema<T extends z.ZodType, E extends z.ZodType = z.ZodUnknown>(
  datas: T,
  extraData?: E,
) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    datas,
    extraData: (extraData ?? z.unknown()).optional(),
  });
}

export type Envelope<T = unknown, E = unknown> = {
  code: number;
  message: string;
  datas: T;
  extraData?: E;
};

/** Field-level problems, keyed by field name, travel in `extraData.errors` (STYLE.md habit 5). */
export type ValidationErrors = Record<string, string>;

export const ResultCode = {
  success: 200,
  /** No token where one is needed, or a token the server does not know. */
  sessionMissing: 102,
  /** The session was idle longer than its limit. */
  sessionExpired: 103,
  /** The session was ended on the server: logged out, account disabled or cancelled. */
  sessionRevoked: 3013,
  badRequest: 400,
  validationFailed: 1001,
  signatureMissing: 4001,
  signatureInvalid: 4002,
  timestampStale: 4003,
  notFound: 404,
  requestTimeout: 408,
  payloadTooLarge: 413,
  uriTooLong: 414,
  unsupportedMediaType: 415,
  rateLimited: 429,
  headersTooLarge: 431,
  serverError: 500,
  timeout: 504,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export const SESSION_INVALID_CODES: readonly number[] = [
  ResultCode.sessionMissing,
  ResultCode.sessionExpired,
  ResultCode.sessionRevoked,
];

/** The Chinese message of each code; the spec's words where it gives them (§8). */
export const ResultMessage: Record<ResultCodeValue, string> = {
  200: "成功",
  102: "登录状态已失效，请重新登录",
  103: "登录已超时，请重新登录",
  3013: "登录已失效（账号已退出或被停用），请重新登录",
  400: "请求格式不正确",
  1001: "提交的信息有误，请检查后重试",
  4001: "请求缺少时间戳或签名",
  4002: "请求签名校验失败",
  4003: "请求时间戳已过期，请校准本机时间后重试",
  404: "请求的接口不存在",
  408: "请求超时，请重试",
  413: "提交的内容超过大小限制",
  414: "请求地址过长",
  415: "不支持的请求内容类型，请以 JSON 或 multipart/form-data 提交",
  429: "请求过于频繁，请稍后再试",
  431: "请求地址或请求头过长",
  500: "网络异常，请稍后重试",
  504: "请求超时，请刷新后重试",
};
