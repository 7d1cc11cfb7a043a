import { useMemo } from "react";
import { useLocation } from "react-router";
import { deriveRoutes, siblingPath, type SectionRoute } from "../../resources/derive";
import { REGISTRY } from "../../resources/registry";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { evidenceEndpoints } from "../../schema/evidence";
import { withRecordId } from "../kinds/record-links";
import { evidenceKindOf } from "./evidence-section";

/**
 * @deprecated Transitional. Only evidence-list-page.tsx and affair-child-list-page.tsx (being
 * rewritten as generic lists) still find their route by pathname here, and with it import the
 * registry that loads them. Every other page takes its route from its props; delete this file once
 * those two do.
 */
export interface EvidenceRoute {
  route: SectionRoute;
  kind: EvidenceKind;
  endpoints: ReturnType<typeof evidenceEndpoints>;
  pathOf(pagePathBelowSection: string): string | undefined;
}

const ROUTES = deriveRoutes(REGISTRY);

/** @deprecated See EvidenceRoute: take `route` from the page's props. */
export function useEvidenceRoute(): EvidenceRoute {
  const { pathname } = useLocation();
  return useMemo(() => {
    const route = ROUTES.find((candidate) => candidate.path === pathname.replace(/\/$/, ""));
    if (!route) throw new Error(`no evidence section at ${pathname}`);
    const kind = evidenceKindOf(route);
    return { route, kind, endpoints: evidenceEndpoints(kind), pathOf: (below: string) => siblingPath(route, below) };
  }, [pathname]);
}

/** @deprecated Use withRecordId (pages/kinds/record-links). */
export const withId = withRecordId;
