import { notOfferedSentence } from "../../../resources/offered-services";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

/**
 * The plain statement a page gives instead of results while the service its documents come from
 * is not offered here (src/resources/availability.ts), e.g. "在线公证尚未在本平台开放，还没有…".
 * Its own module, loaded with the pages that have such a source only: knowing what is offered takes
 * the registry, which the verification pages do without.
 */
export function pendingStatement(definition: LedgerQueryPageDefinition): string | null {
  const absent = definition.source && notOfferedSentence([definition.source.service]);
  return absent ? `${absent}，${definition.source!.whileAbsent}` : null;
}
