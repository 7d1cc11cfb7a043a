import type { FastifyInstance } from "fastify";
import { LEGAL_AI_ENDPOINTS, type AskEvent } from "../../../src/schema/legal-ai.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendEventStream } from "../../http/event-stream.js";
import { sessionUserId } from "../personal/route-helpers.js";
import { checkCertificate, type CertificateCheckPorts } from "./certificate-check.js";
import type { LegalAiService } from "./legal-ai.service.js";

/** The legal assistant's calls (src/schema/legal-ai.ts LEGAL_AI_ENDPOINTS). */
export async function legalAiRoutes(app: FastifyInstance, { assistant, certificates }: { assistant: LegalAiService; certificates: CertificateCheckPorts }) {
  const E = LEGAL_AI_ENDPOINTS;
  registerEndpoint(app, E.getAssistantStatus, async () => ok(assistant.status()));
  registerEndpoint(app, E.ask, async (input, request, reply) => {
    // Accepted before the stream starts: a refusal is still an envelope.
    const accepted = await assistant.accept(sessionUserId(request), input);
    return sendEventStream<AskEvent>(reply, (send, signal) => assistant.answer(accepted, send, signal));
  });
  registerEndpoint(app, E.getConversationList, async (query, request) => ok(await assistant.list(sessionUserId(request), query)));
  registerEndpoint(app, E.getConversation, async ({ conversationId }, request) => ok(await assistant.conversation(sessionUserId(request), conversationId)));
  registerEndpoint(app, E.deleteConversation, async ({ conversationId }, request) => ok(await assistant.delete(sessionUserId(request), conversationId).then(() => null)));
  registerEndpoint(app, E.shareConversation, async ({ conversationId }, request) => ok(await assistant.share(sessionUserId(request), conversationId)));
  registerEndpoint(app, E.revokeShare, async ({ conversationId }, request) => ok(await assistant.revoke(sessionUserId(request), conversationId).then(() => null)));
  registerEndpoint(app, E.getSharedConversation, async ({ shareId }) => ok(await assistant.shared(shareId)));
  registerEndpoint(app, E.getSource, async ({ sourceKind, sourceId }) => ok(assistant.source(sourceKind, sourceId)));
  registerEndpoint(app, E.checkCertificate, async ({ certificateNo }, request) => ok(await checkCertificate(certificates, sessionUserId(request), certificateNo)));
}
