import { CERTIFICATE_NO_PARAM, CERTIFICATE_VERIFY_PATH } from "../../../src/schema/certificate-names.js";
import {
  maskDisplayName,
  maskEvidenceName,
  type CertificateFacts,
  type IdentityApproval,
  type IdentityApprovalProof,
  type PublicCertificate,
} from "../../../src/schema/certificate.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { formatDateTime } from "../../../src/schema/format.js";
import { EVIDENCE_KIND_LABELS } from "../../../src/schema/evidence.js";
import { BusinessError } from "../../http/envelope.js";
import { parseCheckpoint, type Checkpoint } from "../../../isomorphic/ledger/checkpoint.js";
import { encodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import { parseProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { parseNote } from "../../../isomorphic/ledger/signed-note.js";
import type { CheckpointTime } from "../chain/chain.service.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { CertificatePdfRenderer } from "./certificate-pdf-pool.js";
import type { HolderIdentityProver } from "./holder-identity.js";
import { captureFactsOf } from "./capture-facts.js";
import { recordingFactsOf } from "./recording-facts.js";

/** The evidence module's lookups this module uses (app.services.evidence). */
export type EvidenceLookups = Pick<EvidencePort, "findByCertificateNo" | "findByDigest" | "getForHolder" | "findAffairOf">;

export interface CertificateServiceOptions {
  readonly ledger: Pick<LedgerPort, "proofBundle" | "verifierKey">;
  readonly evidence: EvidenceLookups;
  /** The holder's identity approval at the evidence's time, proven on the ledger (holder-identity.ts). */
  readonly holderIdentity: Pick<HolderIdentityProver, "prove">;
  /** How the time of the checkpoint covering an entry is attested (the chain module's TSA tokens). */
  readonly time: { timestampFor(treeSize: number): Promise<CheckpointTime> };
  /** The site's public address, for the QR code (no trailing slash). */
  readonly publicBaseUrl: string;
  readonly now: () => number;
  /** Draws the PDF off the event loop (certificate-pdf-pool.ts). */
  readonly renderer: CertificatePdfRenderer;
}

/** The certificate's time source line: the TSA token covering the entry, or the chain's own statement that the time is ours (DESIGN.md §6). */
export function describeTimeSource(time: CheckpointTime): string {
  if (time.kind === "platform") return time.statement;
  return `RFC 3161 可信时间戳：${time.tsaUrl}，${formatDateTime(time.genTime)}（北京时间）盖于账本前 ${time.treeSize} 条的检查点`;
}

const NOT_FOUND = "未找到该证书";

export class CertificateService {
  constructor(private readonly options: CertificateServiceOptions) {}

  /**
   * The certificate PDF of a ledgered record, with its proof under the latest checkpoint embedded.
   * `background`: the caller is limited elsewhere (package jobs) and waits for a drawing thread
   * instead of being refused as busy.
   */
  async renderPdf(record: EvidenceRecord, options: { background?: boolean } = {}): Promise<Buffer> {
    const { index, proofBundle, checkpoint } = await this.#proof(record);
    const timeSource = await this.#timeSource(index);
    const affair = await this.options.evidence.findAffairOf(record);
    const identity = await this.#holderIdentity(record, checkpoint.size);
    const facts: CertificateFacts = {
      certificateNo: record.certificateNo,
      // The PDF is handed to courts and other parties: the holder is masked as on the public pages.
      holderName: maskDisplayName(record.holderName),
      evidenceName: record.name,
      kind: record.kind,
      kindLabel: EVIDENCE_KIND_LABELS[record.kind],
      ...(affair ? { affair: { name: affair.name, certificateNo: affair.certificateNo } } : {}),
      size: record.size,
      sha256: record.sha256,
      sm3: record.sm3,
      createdAt: record.createdAt,
      ledgerIndex: index,
      blockHeight: record.blockHeight!,
      logOrigin: checkpoint.origin,
      treeSize: checkpoint.size,
      rootHash: encodeBase64(checkpoint.rootHash),
      verifierKey: this.options.ledger.verifierKey,
      timeSource,
      verifyUrl: this.verifyUrl(record.certificateNo),
      holderIdentity: identity ? approvalOf(identity) : null,
    };
    const capture = captureFactsOf(record);
    if (capture) facts.capture = capture;
    const recording = recordingFactsOf(record);
    if (recording) facts.recording = recording;
    const entryBytes = new TextEncoder().encode(record.entryJson);
    const identityProof = identity ? { entry: identity.entry, proofBundle: identity.proofBundle } : null;
    // Drawn here, on demand, not as a job: cheap, never stored, and proved against the latest checkpoint (certificate-pdf-pool.ts).
    return this.options.renderer.render({ facts, entryBytes, proofBundle, identityProof, issuedAt: this.options.now() }, options);
  }

  /** The holder's own certificate PDF; another user's record is "not found", never "forbidden". */
  async pdfForHolder(userId: number, id: number): Promise<{ certificateNo: string; pdf: Buffer }> {
    const record = Number.isSafeInteger(id) ? await this.options.evidence.getForHolder(userId, id) : null;
    if (!record) throw new BusinessError(ResultCode.notFound, NOT_FOUND);
    return { certificateNo: record.certificateNo, pdf: await this.renderPdf(record) };
  }

  async verifyByCertificateNo(certificateNo: string): Promise<PublicCertificate> {
    const record = await this.options.evidence.findByCertificateNo(certificateNo);
    if (!record) throw new BusinessError(ResultCode.notFound, "未找到该证书编号对应的存证，请核对证书编号");
    return this.#publicAnswer(record);
  }

  /** Every ledgered record whose content has this SHA-256 (the same file may have been preserved more than once). */
  async verifyByDigest(sha256Hex: string): Promise<PublicCertificate[]> {
    const records = await this.options.evidence.findByDigest(sha256Hex);
    const ledgered = records.filter((record) => record.ledgerIndex !== null);
    if (ledgered.length === 0) throw new BusinessError(ResultCode.notFound, "没有与该摘要一致的存证：文件可能被改动过，或从未在本平台存证");
    return Promise.all(ledgered.map((record) => this.#publicAnswer(record)));
  }

  verifyUrl(certificateNo: string): string {
    return `${this.options.publicBaseUrl}${CERTIFICATE_VERIFY_PATH}?${CERTIFICATE_NO_PARAM}=${encodeURIComponent(certificateNo)}`;
  }

  async #publicAnswer(record: EvidenceRecord): Promise<PublicCertificate> {
    const { index, proofBundle, checkpoint } = await this.#proof(record);
    return {
      certificateNo: record.certificateNo,
      kind: record.kind,
      kindLabel: EVIDENCE_KIND_LABELS[record.kind],
      holderName: maskDisplayName(record.holderName),
      evidenceName: maskEvidenceName(record.name),
      createdAt: record.createdAt,
      ledgerIndex: index,
      blockHeight: record.blockHeight!,
      entry: record.entryJson,
      proofBundle,
      timeSource: await this.#timeSource(index),
      holderIdentity: await this.#holderIdentity(record, checkpoint.size),
    };
  }

  /** Proven under the evidence's own checkpoint, so that one signed checkpoint verifies both. */
  #holderIdentity(record: EvidenceRecord, treeSize: number): Promise<IdentityApprovalProof | null> {
    return this.options.holderIdentity.prove({ userId: record.holderUserId, time: record.createdAt }, treeSize);
  }

  /** The entry at `index` is in every tree of size index + 1 or more. */
  async #timeSource(index: number): Promise<string> {
    return describeTimeSource(await this.options.time.timestampFor(index + 1));
  }

  async #proof(record: EvidenceRecord): Promise<{ index: number; proofBundle: string; checkpoint: Checkpoint }> {
    if (record.ledgerIndex === null || record.blockHeight === null) {
      throw new BusinessError(ResultCode.notFound, "该存证尚未写入账本，证书稍后可用");
    }
    const proofBundle = await this.options.ledger.proofBundle(record.ledgerIndex);
    const checkpoint = parseCheckpoint(parseNote(parseProofBundle(proofBundle).checkpoint).text);
    return { index: record.ledgerIndex, proofBundle, checkpoint };
  }
}

/** What the certificate prints of an approval; its entry and proof travel as attachments. */
function approvalOf({ kind, action, ledgerIndex, blockHeight, time }: IdentityApprovalProof): IdentityApproval {
  return { kind, action, ledgerIndex, blockHeight, time };
}
