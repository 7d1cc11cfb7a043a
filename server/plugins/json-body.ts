import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { tooDeepRefusal } from "../http/json-depth.js";

/** Fastify's own JSON parser (prototype poisoning refused as before), then the nesting bound. */
export const jsonBodyPlugin = fp(async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const tooDeep = tooDeepRefusal(value);
      if (tooDeep) return done(tooDeep, undefined);
      done(null, value);
    });
  });
});
