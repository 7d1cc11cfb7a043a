import type { FastifyInstance } from "fastify";

/**
 * /obtainEvidence is one of the paths the client's navigation guard leaves to the server (spec §2).
 * It is the link a holder passes on with an extraction number (`?extractNo=`), so the server sends
 * the browser to the public extraction login (PUBLIC_PAGE_PATHS.extractLogin), keeping the query,
 * which fills the number in. 302, not 301: browsers must not cache where it leads.
 */
export const EVIDENCE_EXTRACTION_ENTRY = "/info/extractLogin";

export async function obtainEvidenceRoutes(app: FastifyInstance) {
  for (const url of ["/obtainEvidence", "/obtainEvidence/*"]) {
    app.get(url, { schema: { hide: true }, config: { session: "tokenless" } }, async (request, reply) => {
      const queryStart = request.url.indexOf("?");
      const query = queryStart === -1 ? "" : request.url.slice(queryStart);
      return reply.redirect(EVIDENCE_EXTRACTION_ENTRY + query, 302);
    });
  }
}
