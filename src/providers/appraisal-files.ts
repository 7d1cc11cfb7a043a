import { useDataProvider } from "@refinedev/core";
import { useMemo } from "react";
import { APPRAISAL_ENDPOINTS, EXPERT_ENDPOINTS } from "../schema/judicial-expert";
import type { PackageCalls, PartUrl } from "./evidence-library-client";
import { useSessionStore } from "./session-context";
import { createSignedUrlBuilder } from "./signed-url";
import { queryEndpoint, sendEndpoint } from "./use-endpoint";

/** What an institution's expert downloads of one commission: each evidence's parts, packages, the opinion. */
export interface CommissionFiles {
  itemUrl: PartUrl;
  packages: PackageCalls;
  opinionUrl: () => string;
}

/**
 * The appraisal calls that answer files, as signed addresses the browser fetches itself (a
 * signature is good for five minutes, so each is signed when clicked) and, for packages, the
 * evidence library's packaging calls in the appraisal module's version.
 */
export function useCommissionFiles(commissionId: number): CommissionFiles {
  const provider = useDataProvider()();
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return {
      itemUrl: (id, part, index) => signedUrl(EXPERT_ENDPOINTS.downloadEvidence, { commissionId, id, part, ...(index === undefined ? {} : { index }) }),
      packages: {
        start: (evidenceIds) => sendEndpoint(provider, EXPERT_ENDPOINTS.createPackage, { commissionId, evidenceIds: [...evidenceIds] }),
        status: (jobId) => queryEndpoint(provider, EXPERT_ENDPOINTS.packageStatus, { jobId }),
        url: (jobId) => signedUrl(EXPERT_ENDPOINTS.downloadPackage, { jobId }),
      },
      opinionUrl: () => signedUrl(EXPERT_ENDPOINTS.downloadOpinion, { id: commissionId }),
    };
  }, [provider, sessionStore, commissionId]);
}

/** The applicant's download of a commission's opinion, signed when clicked. */
export function useApplicantOpinionUrl(): (commissionId: number) => string {
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return (commissionId) => signedUrl(APPRAISAL_ENDPOINTS.downloadOpinion, { id: commissionId });
  }, [sessionStore]);
}
