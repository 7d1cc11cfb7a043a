import { z } from "zod";
import { endpoint } from "./contract";

/**
 * Development-only calls (DESIGN.md §7: registered only while the development providers are on,
 * refused in production): what automated tests and tools read instead of a phone or a person.
 */

export const OutboxItemSchema = z.object({
  id: z.number(),
  channel: z.enum(["sms", "email"]),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createTime: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

const TAG = "开发";

export const DEV_ENDPOINTS = {
  /** The answer of this browser's image captcha, so end-to-end tests log in with a password as a person would. */
  captchaAnswer: endpoint({
    method: "GET",
    path: "/dev/captcha",
    input: z.object({}),
    datas: z.object({ answer: z.string() }),
    session: "tokenless",
    tag: TAG,
    summary: "开发环境：读取当前图形验证码答案",
  }),
  /** What SMS and e-mail would have said, newest first; the same list is a page at this path outside /webapi. */
  outbox: endpoint({
    method: "GET",
    path: "/dev/outbox",
    input: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    datas: z.object({ list: z.array(OutboxItemSchema) }),
    session: "tokenless",
    tag: TAG,
    summary: "开发环境发件箱：本应发出的短信和邮件（生产环境不存在）",
  }),
};
