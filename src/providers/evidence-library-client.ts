import { useDataProvider, type DataProvider } from "@refinedev/core";
import { useMemo } from "react";
import {
  EVIDENCE_LIBRARY_ENDPOINTS,
  EXTRACTION_ENDPOINTS,
  type CreateExtraction,
  type CreatedExtraction,
  type DownloadPart,
  type ExtractedEvidence,
  type Extraction,
  type ExtractLogin,
  type ExtractSession,
  type PackageStatus,
} from "../schema/evidence-library";
import { computeSignature } from "../schema/signature";
import { sha256Hex } from "./browser-digest";
import { serializeQuery, WEBAPI_BASE_URL, type RequestParams } from "./http-client";
import { useSessionStore } from "./session-context";
import { createSignedUrlBuilder, type SignedUrlBuilder } from "./signed-url";

/**
 * The evidence library's calls (src/schema/evidence-library.ts) over the app's data provider, so
 * they share its signing, token and error handling: each resolves with `datas` or rejects with
 * refine's HttpError. Downloads are signed addresses the browser fetches itself.
 */
export interface EvidenceLibraryClient {
  createExtraction(input: CreateExtraction): Promise<CreatedExtraction>;
  revokeExtraction(id: number): Promise<Extraction>;
  holderPackage: PackageCalls;
  /** One of the holder's own records as a file: original, an attachment (`index`), certificate PDF or tlog-proof. */
  holderItemUrl: PartUrl;
  /** The third party's side: no user token, the extraction session is an HttpOnly cookie. */
  extractCaptcha(): Promise<string>;
  extractLogin(form: ExtractLogin): Promise<ExtractSession>;
  extractLogout(): Promise<void>;
  extractList(): Promise<{ session: ExtractSession; list: ExtractedEvidence[] }>;
  extractItemUrl: PartUrl;
  extractPackage: PackageCalls;
}

/** The signed address of one part of a record; `index` picks a voucher's attachment. */
export type PartUrl = (id: number, part: DownloadPart, index?: number) => string;

/** Starting a package, asking how far it is, and the finished ZIP's address. */
export interface PackageCalls {
  start(evidenceIds: readonly number[]): Promise<PackageStatus>;
  status(jobId: string): Promise<PackageStatus>;
  url(jobId: string): string;
}

type Custom = NonNullable<DataProvider["custom"]>;

/**
 * `userUrl` signs with the user's token; `publicUrl` without any, for the third party, who is not
 * the user even when the same browser also holds a user session.
 */
export function createEvidenceLibraryClient({ custom, userUrl, publicUrl }: { custom: Custom; userUrl: SignedUrlBuilder; publicUrl: SignedUrlBuilder }): EvidenceLibraryClient {
  const get = async <T>(url: string, query: Record<string, unknown> = {}, tokenless = false) =>
    (await custom({ url, method: "get", query, meta: { tokenless } })).data as T;
  const post = async <T>(url: string, payload: Record<string, unknown> = {}, tokenless = false) =>
    (await custom({ url, method: "post", payload, meta: { tokenless } })).data as T;
  const E = EVIDENCE_LIBRARY_ENDPOINTS;
  const X = EXTRACTION_ENDPOINTS;
  return {
    createExtraction: (input) => post(E.createExtraction, { ...input }),
    revokeExtraction: (id) => post(E.revokeExtraction, { id }),
    holderPackage: {
      start: (evidenceIds) => post(E.createPackage, { evidenceIds }),
      status: (jobId) => get(E.packageStatus, { jobId }),
      url: (jobId) => userUrl(E.downloadPackage, { jobId }),
    },
    holderItemUrl: (id, part, index) => userUrl(E.downloadItem, { id, part, ...(index === undefined ? {} : { index }) }),
    extractCaptcha: async () => (await get<{ codeBase64: string }>(X.captcha, { time: Date.now() }, true)).codeBase64,
    extractLogin: (form) => post(X.login, { ...form }, true),
    extractLogout: async () => void (await post(X.logout, {}, true)),
    extractList: () => get(X.list, {}, true),
    extractItemUrl: (id, part, index) => publicUrl(X.download, { id, part, ...(index === undefined ? {} : { index }) }),
    extractPackage: {
      start: (evidenceIds) => post(X.createPackage, { evidenceIds }, true),
      status: (jobId) => get(X.packageStatus, { jobId }, true),
      url: (jobId) => publicUrl(X.downloadPackage, { jobId }),
    },
  };
}

/** The client for a page, built over the app's data provider and session store. */
export function useEvidenceLibraryClient(): EvidenceLibraryClient {
  const dataProvider = useDataProvider()();
  const sessionStore = useSessionStore();
  return useMemo(
    () =>
      createEvidenceLibraryClient({
        custom: dataProvider.custom!,
        userUrl: createSignedUrlBuilder({ baseURL: WEBAPI_BASE_URL, sessionStore, now: Date.now }),
        publicUrl: (path, params = {}) => signedAddress(path, params),
      }),
    [dataProvider, sessionStore],
  );
}

/** A signed GET address without a token. */
function signedAddress(path: string, params: RequestParams): string {
  const timestamp = Date.now();
  const signature = computeSignature({ ...params, timestamp }, sha256Hex);
  return `${WEBAPI_BASE_URL}${path}?${serializeQuery({ ...params, timestamp, signature })}`;
}
