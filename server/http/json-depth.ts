import { ResultCode } from "../../src/schema/envelope.js";
import { BusinessError } from "./envelope.js";

/**
 * No form of this API nests deeper than three levels. A hostile value nested thousands deep
 * parses fine (V8's JSON.parse is iterative) but overflows the stack of everything that walks it
 * recursively afterwards: the signature's JSON.stringify, zod, canonical JSON. Every parsed value
 * that can nest (a JSON body, a multipart field sent as application/json) is bounded here.
 */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = `提交的内容嵌套层级过深（最多${JSON_MAX_DEPTH}层）`;

/** Whether any value inside `root` sits deeper than `limit` objects or arrays; iterative, linear. */
export function nestsDeeperThan(root: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    if (next.depth > limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** The refusal for a value nested deeper than JSON_MAX_DEPTH; null when it is within bounds. */
export function tooDeepRefusal(value: unknown): BusinessError | null {
  return nestsDeeperThan(value, JSON_MAX_DEPTH) ? new BusinessError(ResultCode.badRequest, JSON_TOO_DEEP_MESSAGE, { httpStatus: 400 }) : null;
}
