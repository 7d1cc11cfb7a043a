import type { FastifyInstance } from "fastify";
import type { Witness } from "./witness.js";

/** A checkpoint with dozens of signatures and 63 proof lines stays far below this. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The witness over HTTP (C2SP tlog-witness): POST <prefix>/add-checkpoint, plus GET <prefix>/vkey
 * with the cosigner's verifier key so logs and clients can configure it. Register with a prefix;
 * bodies are plain text whatever content type the client names.
 */
export async function witnessRoutes(app: FastifyInstance, options: { witness: Witness }): Promise<void> {
  const { witness } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

  app.post("/add-checkpoint", async (request, reply) => {
    const body = typeof request.body === "string" ? request.body : "";
    const answer = witness.addCheckpoint(body);
    if (answer.status !== 200) request.log.info({ status: answer.status, reason: answer.body.trim() }, "witness refused a checkpoint");
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });

  app.get("/vkey", async (_request, reply) => reply.type("text/plain; charset=utf-8").send(`${witness.verifierKey}\n`));
}
