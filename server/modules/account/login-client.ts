import type { FastifyRequest } from "fastify";
import { CAPTCHA_COOKIE } from "../security/captcha.service.js";
import { DEVICE_COOKIE } from "./known-device.js";
import type { LoginClient } from "./login.service.js";

/** Where a login comes from, as a login route reads it off the request. */
export function loginClientOf(request: FastifyRequest): LoginClient {
  return {
    ip: request.ip,
    captchaId: request.cookies[CAPTCHA_COOKIE],
    deviceCookie: request.cookies[DEVICE_COOKIE],
    userAgent: request.headers["user-agent"],
  };
}
