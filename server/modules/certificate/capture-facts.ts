import { z } from "zod";
import type { CertificateCapture } from "../../../src/schema/certificate.js";
import { BLOCKED_REQUEST_REASONS, CapturePackageFileSchema, CaptureProvenanceSchema, CaptureQaFindingSchema } from "../../../src/schema/capture.js";
import type { EvidenceRecord } from "../evidence/evidence.types.js";

/** What a captured page's evidence record keeps (server/modules/capture, evidenceDetails). */
const CaptureDetailsSchema = z.object({
  captureId: z.number().int(),
  manifestSha256: z.string(),
  qaFindings: z.array(CaptureQaFindingSchema),
  qaAccepted: z.boolean(),
  packageFiles: z.array(CapturePackageFileSchema),
  provenance: CaptureProvenanceSchema,
});

/**
 * The second page's facts of a web page the platform captured, from its evidence record; undefined
 * for every other record (including a web rights record whose page the holder uploaded).
 */
export function captureFactsOf(record: EvidenceRecord): CertificateCapture | undefined {
  if (record.kind !== "snapshot" && record.kind !== "rightsWeb") return undefined;
  const parsed = CaptureDetailsSchema.safeParse(record.details);
  if (!parsed.success) return undefined;
  const { provenance, qaFindings, qaAccepted, manifestSha256, packageFiles } = parsed.data;
  const blockedByReason = new Map<string, number>();
  for (const blocked of provenance.blocked) {
    const label = BLOCKED_REQUEST_REASONS[blocked.reason];
    blockedByReason.set(label, (blockedByReason.get(label) ?? 0) + 1);
  }
  return {
    url: provenance.requestedUrl,
    finalUrl: provenance.finalUrl,
    title: provenance.title,
    startedAt: provenance.startedAt,
    endedAt: provenance.endedAt,
    software: `${provenance.software.platform} ${provenance.software.version}；${provenance.software.automation}；Node.js ${provenance.software.node}`,
    chromium: provenance.software.chromium,
    nodeAddresses: provenance.node.localAddresses,
    publicAddress: provenance.node.publicAddress,
    origins: provenance.origins.map((origin) => {
      const leaf = origin.tls?.certificates[0];
      return {
        origin: origin.origin,
        addresses: origin.addresses,
        tls: origin.tls && leaf ? { protocol: origin.tls.protocol, subject: leaf.subject, issuer: leaf.issuer, fingerprint256: leaf.fingerprint256 } : null,
      };
    }),
    redirects: provenance.redirects,
    blocked: [...blockedByReason].map(([reason, count]) => ({ reason, count })),
    qaFindings: qaFindings.map(({ message, detail }) => ({ message, detail })),
    qaAccepted,
    manifestSha256,
    files: packageFiles.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })),
  };
}
