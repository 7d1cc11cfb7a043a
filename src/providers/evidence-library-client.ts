import { useDataProvider, type DataProvider } from "@refinedev/core";
import { useMemo } from "react";
import { webapiPath, type Endpoint, type EndpointDatas, type EndpointInput } from "../schema/contract";
import { EVIDENCE_LIBRARY_ENDPOINTS as E, EXTRACTION_ENDPOINTS as X, type DownloadPart } from "../schema/evidence-library";
import { useSessionStore } from "./session-context";
import { createSignedUrlBuilder, type SignedUrlBuilder } from "./signed-url";

/**
 * The evidence library's calls (src/schema/evidence-library.ts) over the app's data provider, so
 * they share its signing, token and error handling: each resolves with `datas` or rejects with
 * refine's HttpError. Downloads are signed addresses the browser fetches itself.
 */
export interface EvidenceLibraryClient {
  createExtraction(input: EndpointInput<typeof E.createExtraction>): Promise<EndpointDatas<typeof E.createExtraction>>;
  revokeExtraction(id: number): Promise<EndpointDatas<typeof E.revokeExtraction>>;
  holderPackage: PackageCalls;
  /** One of the holder's own records as a file: original, an attachment (`index`), certificate PDF or tlog-proof. */
  holderItemUrl: PartUrl;
  /** The third party's side: no user token, the extraction session is an HttpOnly cookie. */
  extractCaptcha(): Promise<string>;
  extractLogin(form: EndpointInput<typeof X.login>): Promise<EndpointDatas<typeof X.login>>;
  extractLogout(): Promise<void>;
  extractList(): Promise<EndpointDatas<typeof X.list>>;
  extractItemUrl: PartUrl;
  extractPackage: PackageCalls;
}

/** The signed address of one part of a record; `index` picks a voucher's attachment. */
export type PartUrl = (id: number, part: DownloadPart, index?: number) => string;

/** Starting a package, asking how far it is, and the finished ZIP's address. */
export interface PackageCalls {
  start(evidenceIds: readonly number[]): Promise<EndpointDatas<typeof E.createPackage>>;
  status(jobId: string): Promise<EndpointDatas<typeof E.packageStatus>>;
  url(jobId: string): string;
}

type Custom = NonNullable<DataProvider["custom"]>;

/** The extraction calls are tokenless, so their addresses carry no token even beside a user session. */
export function createEvidenceLibraryClient({ custom, signedUrl }: { custom: Custom; signedUrl: SignedUrlBuilder }): EvidenceLibraryClient {
  async function call<T extends Endpoint>(endpoint: T, input: EndpointInput<T>): Promise<EndpointDatas<T>> {
    const fields = input as Record<string, unknown>;
    const isGet = endpoint.method === "GET";
    const response = await custom({ url: webapiPath(endpoint), method: isGet ? "get" : "post", ...(isGet ? { query: fields } : { payload: fields }), meta: { endpoint } });
    return response.data as EndpointDatas<T>;
  }
  const partQuery = (id: number, part: DownloadPart, index?: number) => ({ id, part, ...(index === undefined ? {} : { index }) });
  return {
    createExtraction: (input) => call(E.createExtraction, input),
    revokeExtraction: (id) => call(E.revokeExtraction, { id }),
    holderPackage: {
      start: (evidenceIds) => call(E.createPackage, { evidenceIds: [...evidenceIds] }),
      status: (jobId) => call(E.packageStatus, { jobId }),
      url: (jobId) => signedUrl(E.downloadPackage, { jobId }),
    },
    holderItemUrl: (id, part, index) => signedUrl(E.downloadItem, partQuery(id, part, index)),
    extractCaptcha: async () => (await call(X.captcha, { time: String(Date.now()) })).codeBase64,
    extractLogin: (form) => call(X.login, form),
    extractLogout: async () => void (await call(X.logout, {})),
    extractList: () => call(X.list, {}),
    extractItemUrl: (id, part, index) => signedUrl(X.download, partQuery(id, part, index)),
    extractPackage: {
      start: (evidenceIds) => call(X.createPackage, { evidenceIds: [...evidenceIds] }),
      status: (jobId) => call(X.packageStatus, { jobId }),
      url: (jobId) => signedUrl(X.downloadPackage, { jobId }),
    },
  };
}

/** The client for a page, built over the app's data provider and session store. */
export function useEvidenceLibraryClient(): EvidenceLibraryClient {
  const dataProvider = useDataProvider()();
  const sessionStore = useSessionStore();
  return useMemo(
    () => createEvidenceLibraryClient({ custom: dataProvider.custom!, signedUrl: createSignedUrlBuilder({ sessionStore, now: Date.now }) }),
    [dataProvider, sessionStore],
  );
}
