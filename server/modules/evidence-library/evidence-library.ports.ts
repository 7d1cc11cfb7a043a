import type { EvidenceService } from "../evidence/evidence.service.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";

/**
 * What the evidence library asks of its neighbours (issue 5 contract), narrowed to the calls it
 * makes: the evidence module's records (app.services.evidence), the certificate PDF
 * (app.services.certificates) and the ledger's proofs (app.services.ledger). The library owns no
 * evidence; it only ever reads through these.
 */
export type LibraryRecord = EvidenceRecord;

/** The port's reads, plus the evidence pages' own detail view (one record of any kind, as its list shows it). */
export type EvidenceReader = Pick<EvidencePort, "getForHolder" | "listForHolder" | "openContent" | "openAttachment"> & Pick<EvidenceService, "detailView">;

export interface CertificateRenderer {
  /** `background`: wait for a drawing thread rather than be refused as busy (package jobs). */
  renderPdf(record: LibraryRecord, options?: { background?: boolean }): Promise<Buffer>;
}

export interface ProofSource {
  readonly origin: string;
  readonly verifierKey: string;
  /** C2SP tlog-proof text for the entry under the latest checkpoint. */
  proofBundle(index: number): Promise<string>;
}

export interface EvidenceLibraryPorts {
  evidence: EvidenceReader;
  certificates: CertificateRenderer;
  ledger: ProofSource;
}
