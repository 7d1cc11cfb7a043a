import zlib from "node:zlib";
import { RequestRefusedError } from "../capture-engine.types.js";

/**
 * The body the browser is given: Content-Encoding undone, outermost last-applied first. We ask
 * only for gzip, deflate and br (Node 20 has no zstd); a coding we do not know is passed through
 * as received. `maxBytes` bounds the decoded size too, so a small compressed bomb cannot fill memory.
 */
export function decodeBody(body: Buffer, contentEncoding: string | undefined, maxBytes: number): Buffer {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  let decoded = body;
  for (const coding of codings.reverse()) {
    const options = { maxOutputLength: Math.max(1, maxBytes) };
    try {
      if (coding === "gzip" || coding === "x-gzip") decoded = zlib.gunzipSync(decoded, { ...options, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      else if (coding === "br") decoded = zlib.brotliDecompressSync(decoded, options);
      else if (coding === "deflate") decoded = inflateEither(decoded, options);
      else return body;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new RequestRefusedError("tooLarge", `解压后的内容超过 ${maxBytes} 字节`);
      throw new RequestRefusedError("connectionFailed", `内容编码 ${coding} 无法解码`);
    }
  }
  return decoded;
}

/** "deflate" is meant to be zlib-wrapped, but servers also send raw deflate; browsers accept both. */
function inflateEither(body: Buffer, options: zlib.ZlibOptions): Buffer {
  try {
    return zlib.inflateSync(body, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw error;
    return zlib.inflateRawSync(body, options);
  }
}
