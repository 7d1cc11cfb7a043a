import type { FastifyInstance } from "fastify";

/**
 * /obtainEvidence is one of the paths the client's navigation guard leaves to the server (spec §2).
 * It is an entry to evidence extraction, so the server sends the browser to the public extraction
 * login page (src/app/public-page-paths.ts: PUBLIC_PAGE_PATHS.extractLogin), keeping the query.
 * Temporary (302): the ledger issue may give extraction its own server page.
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
