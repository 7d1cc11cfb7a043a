import { callEndpoint, type HttpClient } from "../providers/http-client";
import type { SignedUrlBuilder } from "../providers/signed-url";
import { fileNameOf } from "../providers/signed-file";
import type { CERTIFICATE_ENDPOINTS } from "../schema/certificate";
import type { EndpointDatas } from "../schema/contract";
import type { Envelope } from "../schema/envelope";
import { fetchPlatformKey } from "./platform-key-source";

/** The calls of the verification pages and the certificate page: lookups, the platform key and the PDF. */
export interface VerificationClient {
  byCertificateNo(certificateNo: string): Promise<Envelope<EndpointDatas<typeof CERTIFICATE_ENDPOINTS.verifyByCertificateNo>>>;
  byDigest(sha256: string): Promise<Envelope<EndpointDatas<typeof CERTIFICATE_ENDPOINTS.verifyByDigest>>>;
  /** The key as the server publishes it (plain text, C2SP signed-note verifier key); the page pins it (platform-key.ts). */
  fetchPlatformKey(): Promise<string>;
  /** The holder's certificate PDF, or the refusal's envelope. */
  downloadCertificatePdf(id: string): Promise<{ pdf: Blob; fileName: string } | Envelope<null>>;
}

/**
 * The certificate contracts bring the whole certificate schema; they load with the first lookup, so
 * a verification page fetching only the platform key does not carry them yet (issue 20).
 */
const certificateEndpoints = () => import("../schema/certificate").then((module) => module.CERTIFICATE_ENDPOINTS);

export function createVerificationClient(options: { http: HttpClient; signedUrl: SignedUrlBuilder; fetch?: typeof fetch }): VerificationClient {
  const { http, signedUrl } = options;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    byCertificateNo: async (certificateNo) => callEndpoint(http, (await certificateEndpoints()).verifyByCertificateNo, { certificateNo }),
    byDigest: async (sha256) => callEndpoint(http, (await certificateEndpoints()).verifyByDigest, { sha256 }),
    fetchPlatformKey: () => fetchPlatformKey(fetchFn),
    async downloadCertificatePdf(id) {
      const response = await fetchFn(signedUrl((await certificateEndpoints()).getCertificatePdf, { id }));
      if ((response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
        return { pdf: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition"), "存证证书.pdf") };
      }
      return (await response.json()) as Envelope<null>;
    },
  };
}
