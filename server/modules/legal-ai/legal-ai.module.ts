import type { FastifyInstance } from "fastify";
import type { SearchIndex } from "../../search/search-index.js";
import type { InspectorPorts } from "../digital-report/evidence-inspector.js";
import type { EvidencePort } from "../evidence/evidence.types.js";
import { publish, type ModuleContext } from "../module.js";
import type { ArticleSource } from "./article-source.js";
import { LegalAiRepository } from "./legal-ai.repository.js";
import { legalAiRoutes } from "./legal-ai.routes.js";
import { LegalAiService } from "./legal-ai.service.js";
import { OpenAiCompatibleProvider, type LlmProvider } from "./llm-provider.js";
import { PassageLibrary } from "./passage-library.js";
import type { LegalRule } from "./sources/legal-rule.js";

/** What the assistant reads: the search index, the rules we include, the help centre's articles. */
export interface LegalAiSources {
  search: SearchIndex;
  rules: readonly LegalRule[];
  articles: ArticleSource;
}

export type LegalAiModuleOptions = ModuleContext &
  LegalAiSources & {
    evidence: Pick<EvidencePort, "findByCertificateNo" | "getForHolder">;
    /** The digital report's checks of a stored evidence (factor 4 and the capture records of factor 3). */
    inspector: InspectorPorts;
  };

export type LegalAiServices = { assistant: LegalAiService; library: PassageLibrary };

/**
 * The legal AI assistant (issue 19, src/schema/legal-ai.ts): answers questions about electronic
 * evidence from our sources with citations, through the configured OpenAI-compatible model or,
 * without one, with the retrieved passages themselves; keeps each user's conversations and their
 * share links; and checks a user's own certificate against Art. 17 of 人民法院在线诉讼规则.
 */
export async function legalAiModule(app: FastifyInstance, options: LegalAiModuleOptions) {
  const { config, db, now, search, rules, articles, evidence, inspector } = options;
  const library = new PassageLibrary({ search, rules, articles, log: app.log });
  await library.start();
  app.addHook("onClose", async () => library.stop());
  const { llm: model, questionsPerHour } = config.legalAi;
  const llm: LlmProvider | null = model ? new OpenAiCompatibleProvider(model) : null;
  const assistant = new LegalAiService({ db, repository: new LegalAiRepository(db), library, search, llm, questionsPerHour, now, log: app.log });
  publish(app, "legalAi", { assistant, library });
  await app.register(legalAiRoutes, { assistant, certificates: { evidence, inspector, library, rules } });
}
