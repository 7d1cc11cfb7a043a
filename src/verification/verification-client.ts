import type { HttpClient } from "../providers/http-client";
import type { SignedUrlBuilder } from "../providers/signed-url";
import type { PublicCertificate } from "../schema/certificate";
import type { Envelope } from "../schema/envelope";

/** Where the platform's verifier key is published (plain text, C2SP signed-note verifier key). */
export const PLATFORM_KEY_URL = "/ledger/vkey";

/** The calls of the verification pages and the certificate page: lookups, the platform key and the PDF. */
export interface VerificationClient {
  byCertificateNo(certificateNo: string): Promise<Envelope<PublicCertificate>>;
  byDigest(sha256: string): Promise<Envelope<PublicCertificate[]>>;
  /** The key as the server publishes it; the page pins it (platform-key.ts). */
  fetchPlatformKey(): Promise<string>;
  /** The holder's certificate PDF, or the refusal's envelope. */
  downloadCertificatePdf(id: string): Promise<{ pdf: Blob; fileName: string } | Envelope<null>>;
}

export function createVerificationClient(options: { http: HttpClient; signedUrl: SignedUrlBuilder; fetch?: typeof fetch }): VerificationClient {
  const { http, signedUrl } = options;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    byCertificateNo: (certificateNo) => http.get<PublicCertificate>("/certificate/v2/verifyByCertificateNo", { certificateNo }, { tokenless: true }),
    byDigest: (sha256) => http.get<PublicCertificate[]>("/certificate/v2/verifyByDigest", { sha256 }, { tokenless: true }),
    async fetchPlatformKey() {
      const response = await fetchFn(PLATFORM_KEY_URL, { cache: "no-store" });
      if (!response.ok) throw new Error(`平台公钥获取失败（HTTP ${response.status}）`);
      return (await response.text()).trim();
    },
    async downloadCertificatePdf(id) {
      const response = await fetchFn(signedUrl("/certificate/v2/getCertificatePdf", { id }));
      if ((response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
        return { pdf: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition")) };
      }
      return (await response.json()) as Envelope<null>;
    },
  };
}

function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? "")?.[1];
  return encoded ? decodeURIComponent(encoded) : "存证证书.pdf";
}
