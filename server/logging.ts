import type { FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";

/**
 * Names of parameters whose values never reach the logs: tokens, passwords (even encrypted),
 * verification codes, identity numbers, download tickets, share links, image payloads, and search keywords (a console search may
 * be a customer's name, phone number or whole ID number). Matched case-insensitively.
 */
const SECRET_PARAM_NAMES = new Set(
  [
    "token", "t", "signature", "password", "passWord", "encryptPassword", "encryptAccount",
    "vCode", "vcode", "loginVcode", "verifyCode", "code", "idCard", "idCardNo", "certNo",
    "base64Data", "secret", "appSecret", "keyword", "ticket", "shareId",
  ].map((name) => name.toLowerCase()),
);

export const REDACTED = "***";

/** The request URL with every secret query value replaced, for logging. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0];
      return SECRET_PARAM_NAMES.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join("&")}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Bodies are not logged at all; headers that can carry credentials are censored.
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"], censor: REDACTED },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers["user-agent"],
        };
      },
    },
  };
}
