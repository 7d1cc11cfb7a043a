import { useMemo } from "react";
import { useLocation } from "react-router";
import { deriveRoutes, pagePath, type SectionRoute } from "../../resources/derive";
import { REGISTRY } from "../../resources/registry";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { evidenceEndpoints } from "../../schema/evidence";

/** Which kind of evidence each storage and rights section keeps (its route key → the API's kind). */
const KIND_OF_SECTION: Readonly<Record<string, EvidenceKind>> = {
  "evidenceSave/fileEvidence": "file",
  "evidenceSave/textEvidence": "text",
  "evidenceSave/hashEvidence": "hash",
  "evidenceSave/voucherEvidence": "voucher",
  "evidenceSave/affairEvidence": "affair",
  "rights/file": "rightsFile",
  "rights/hash": "rightsHash",
  "rights/web": "rightsWeb",
};

export interface EvidenceRoute {
  route: SectionRoute;
  kind: EvidenceKind;
  endpoints: ReturnType<typeof evidenceEndpoints>;
  /** Full path of a page of the same section ("dataList/Certificate"), if the section has it. */
  pathOf(pagePathBelowSection: string): string | undefined;
}

const ROUTES = deriveRoutes(REGISTRY);

/**
 * The registry route a custom evidence page is rendered for, found by the browser's path (custom
 * pages get no props), with its evidence kind and calls.
 */
export function useEvidenceRoute(): EvidenceRoute {
  const { pathname } = useLocation();
  return useMemo(() => {
    const route = ROUTES.find((candidate) => candidate.path === pathname.replace(/\/$/, ""));
    const kind = route && KIND_OF_SECTION[route.resource];
    if (!route || !kind) throw new Error(`no evidence section at ${pathname}`);
    return {
      route,
      kind,
      endpoints: evidenceEndpoints(kind),
      pathOf: (below: string) => {
        const page = route.section.pages.find((candidate) => candidate.path === below);
        return page && pagePath(route.main, route.section, page);
      },
    };
  }, [pathname]);
}

export const withId = (path: string, id: number | string) => `${path}?${new URLSearchParams({ id: String(id) })}`;
