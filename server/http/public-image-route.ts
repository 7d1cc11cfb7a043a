import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { ResultCode } from "../../src/schema/envelope.js";
import { sendFailure } from "./envelope.js";

/**
 * A public picture route below `urlPrefix` (`<prefix><sha256>`): pictures named by their content
 * hash never change, so they are cached for good; `open` answers the published ones only.
 */
export function registerPublicImageRoute(
  app: FastifyInstance,
  urlPrefix: string,
  open: (sha256: string) => Promise<{ stream: Readable; mimeType: string } | null>,
): void {
  app.get<{ Params: { sha256: string } }>(`${urlPrefix}:sha256`, { schema: { hide: true }, config: { session: "tokenless" } }, async (request, reply) => {
    const image = await open(request.params.sha256);
    if (!image) return sendFailure(reply, 404, ResultCode.notFound, "图片不存在");
    return reply.type(image.mimeType).header("cache-control", "public, max-age=31536000, immutable").header("x-content-type-options", "nosniff").send(image.stream);
  });
}
