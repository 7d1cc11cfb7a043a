import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { ResultCode } from "../../../src/schema/envelope.js";
import type { PageP } from "../../../src/schema/paging.js";
import {
  SEAL_CERTIFICATE_DAYS,
  SEAL_IMAGE_UPLOAD_RULE,
  SEAL_LIFECYCLE,
  SEAL_MESSAGES,
  SEAL_PDF_UPLOAD_RULE,
  SealCode,
  type SealConfig,
  type SealConfigValues,
  type SealImageSource,
  type SealingListQuery,
  type SealingRecord,
  type SealState,
} from "../../../src/schema/seal.js";
import { boundFileName } from "../../../src/schema/stored-name.js";
import { filterDayRange } from "../../../src/schema/time-range.js";
import { findUploadProblem, UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import type { SignatureTimestamper } from "../../seal/cades-signer.js";
import { isTransparentPng } from "../../seal/png-check.js";
import { PdfSealRefusal, sealPdfDocument, type SealAppearance } from "../../seal/pdf-sealer.js";
import { certificateFacts, type SealCa } from "../../seal/seal-ca.js";
import { issueSealedKey, openSealSigner } from "../../seal/seal-signer.js";
import { sealSvg } from "../../seal/seal-image.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { CertificateService } from "../certificate/certificate.service.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import { uploadRefusal } from "../evidence/evidence-ingest.js";
import type { SecretBox } from "../security/secret-box.js";
import type { SealCertificateRow, SealConfigRow, SealingRow, SealRepository } from "./seal.repository.js";

/** The holder's devices a seal may be used from (the device module, issue 16); none until it is there. */
export interface SealDevicePort {
  listForHolder(userId: number): Promise<{ id: number; name: string }[]>;
}

export interface SealServiceDependencies {
  db: Kysely<Database>;
  repository: SealRepository;
  ca: SealCa;
  secrets: SecretBox;
  blobs: BlobStore;
  accounts: Pick<AccountRecords, "findUser">;
  evidence: Pick<EvidenceService, "savePlatformContent" | "newCertificateNo" | "getForHolder" | "findByCertificateNo">;
  certificates: Pick<CertificateService, "pdfForHolder">;
  devices: SealDevicePort | null;
  /** RFC 3161 time-stamps for B-T signatures; null: B-B, the time is the platform's claim. */
  timestamper: SignatureTimestamper | null;
  now: () => number;
  log: FastifyBaseLogger;
}

const ENTERPRISE_VERIFIED = 2;
const SIGNATURE_INFO = "PAdES（ETSI.CAdES.detached），SHA-256，ECDSA P-256";
const keyContext = (userId: number, serial: string) => `seal-key:${userId}:${serial}`;

type Document = { name: string; content: Buffer; source: "upload" | "certificate"; sourceCertificateNo: string | null; page: number | null };

/**
 * The electronic seal use cases (issue 16): configuration, the organisation's certificate, and
 * sealing. A sealing is signed in memory, its PDF committed to the blob store, its row written
 * (pending, with the evidence's certificate number) and only then stored as evidence and marked
 * sealed, so a process killed in between finishes it at the next start (`recover`) under the same
 * number: nothing stored twice, nothing lost once acknowledged.
 */
export class SealService {
  constructor(private readonly deps: SealServiceDependencies) {}

  async config(userId: number): Promise<SealConfig> {
    const user = await this.deps.accounts.findUser(userId);
    const row = await this.deps.repository.findConfig(userId);
    const certificate = row?.certificate_id ? await this.deps.repository.findCertificate(row.certificate_id) : undefined;
    const enterpriseStatus = Number(user?.enterprise_status ?? 0);
    return {
      enterpriseStatus,
      enterpriseName: user?.enterprise_name ?? null,
      canConfigure: enterpriseStatus === ENTERPRISE_VERIFIED && Boolean(user?.enterprise_name),
      state: (row?.state as SealState | undefined) ?? "unconfigured",
      imageSource: (row?.image_source as SealImageSource | undefined) ?? "generated",
      bottomText: row?.bottom_text ?? null,
      hasUploadedImage: Boolean(row?.image_blob),
      allowedDeviceIds: row ? (JSON.parse(row.allowed_device_ids) as number[]) : [],
      devices: (await this.deps.devices?.listForHolder(userId)) ?? [],
      certificate: certificate ? { ...certificateFacts(certificate.certificate_pem), pem: certificate.certificate_pem } : null,
      caCertificatePem: this.deps.ca.certificatePem,
      updateTime: row?.updated_at ?? null,
    };
  }

  async saveConfig(userId: number, form: SealConfigValues): Promise<SealConfig> {
    await this.enterpriseNameOf(userId);
    const row = await this.deps.repository.findConfig(userId);
    if (form.imageSource === "uploaded" && !row?.image_blob) throw new BusinessError(ResultCode.validationFailed, SEAL_MESSAGES.imageMissing, { errors: { imageSource: SEAL_MESSAGES.imageMissing } });
    const known = new Set(((await this.deps.devices?.listForHolder(userId)) ?? []).map((device) => device.id));
    if (form.allowedDeviceIds.some((id) => !known.has(id))) throw new BusinessError(ResultCode.validationFailed, SEAL_MESSAGES.deviceUnknown, { errors: { allowedDeviceIds: SEAL_MESSAGES.deviceUnknown } });
    let state = (row?.state as SealState | undefined) ?? "unconfigured";
    if (state === "active" && !form.isEnabled) state = SEAL_LIFECYCLE.next(state, "suspend");
    else if (state === "suspended" && form.isEnabled) state = SEAL_LIFECYCLE.next(state, "resume");
    const now = this.deps.now();
    await durableTransaction(this.deps.db, (trx) =>
      this.deps.repository.upsertConfig(trx, {
        user_id: userId,
        state,
        image_source: form.imageSource,
        bottom_text: form.bottomText ?? null,
        image_blob: row?.image_blob ?? null,
        allowed_device_ids: JSON.stringify([...new Set(form.allowedDeviceIds)]),
        certificate_id: row?.certificate_id ?? null,
        created_at: row?.created_at ?? now,
        updated_at: now,
      }),
    );
    return this.config(userId);
  }

  /** A transparent PNG up to 1 MB; it becomes the seal's image. */
  async uploadImage(userId: number, file: UploadedFile | undefined): Promise<SealConfig> {
    await this.enterpriseNameOf(userId);
    const messages = { ...UPLOAD_MESSAGES, ...SEAL_IMAGE_UPLOAD_RULE.messages };
    if (!file) throw uploadRefusal(messages.missing);
    const problem = findUploadProblem({ name: file.filename, size: file.isTruncated ? SEAL_IMAGE_UPLOAD_RULE.maxBytes + 1 : file.size }, SEAL_IMAGE_UPLOAD_RULE);
    if (problem) throw uploadRefusal(problem.message);
    const verdict = isTransparentPng(file.content);
    if (verdict !== "transparent") throw uploadRefusal(verdict === "notPng" ? SEAL_MESSAGES.imageNotPng : SEAL_MESSAGES.imageNotTransparent);
    const blob = await this.deps.blobs.put(file.content);
    const row = await this.deps.repository.findConfig(userId);
    const now = this.deps.now();
    await durableTransaction(this.deps.db, (trx) =>
      this.deps.repository.upsertConfig(trx, {
        user_id: userId,
        state: row?.state ?? "unconfigured",
        image_source: "uploaded",
        bottom_text: row?.bottom_text ?? null,
        image_blob: blob,
        allowed_device_ids: row?.allowed_device_ids ?? "[]",
        certificate_id: row?.certificate_id ?? null,
        created_at: row?.created_at ?? now,
        updated_at: now,
      }),
    );
    return this.config(userId);
  }

  async preview(userId: number, query: { imageSource?: SealImageSource; bottomText?: string }): Promise<{ imageSource: SealImageSource; dataUrl: string }> {
    const name = await this.enterpriseNameOf(userId);
    const row = await this.deps.repository.findConfig(userId);
    const imageSource = query.imageSource ?? (row?.image_source as SealImageSource | undefined) ?? "generated";
    if (imageSource === "uploaded") {
      const png = row?.image_blob ? await this.deps.blobs.read(row.image_blob) : null;
      if (!png) throw new BusinessError(ResultCode.validationFailed, SEAL_MESSAGES.imageMissing);
      return { imageSource, dataUrl: `data:image/png;base64,${png.toString("base64")}` };
    }
    const svg = sealSvg(name, query.bottomText ?? row?.bottom_text ?? null);
    return { imageSource, dataUrl: `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}` };
  }

  /** A new key pair and certificate from the platform CA (first issue or renewal); the first one turns the seal on. */
  async issueCertificate(userId: number): Promise<SealConfig> {
    const name = await this.enterpriseNameOf(userId);
    const now = this.deps.now();
    const { certificatePem, sealedKey, facts } = await issueSealedKey(this.deps, name, { now, days: SEAL_CERTIFICATE_DAYS, contextOf: (serial) => keyContext(userId, serial) });
    await durableTransaction(this.deps.db, async (trx) => {
      const row = await this.deps.repository.findConfig(userId, trx);
      const certificateId = await this.deps.repository.insertCertificate(trx, {
        user_id: userId,
        serial_number: facts.serialNumber,
        certificate_pem: certificatePem,
        sealed_private_key: sealedKey,
        not_before: facts.notBefore,
        not_after: facts.notAfter,
        fingerprint: facts.fingerprint,
        created_at: now,
      });
      const state = (row?.state as SealState | undefined) ?? "unconfigured";
      await this.deps.repository.upsertConfig(trx, {
        user_id: userId,
        state: state === "unconfigured" ? SEAL_LIFECYCLE.next(state, "activate") : state,
        image_source: row?.image_source ?? "generated",
        bottom_text: row?.bottom_text ?? null,
        image_blob: row?.image_blob ?? null,
        allowed_device_ids: row?.allowed_device_ids ?? "[]",
        certificate_id: certificateId,
        created_at: row?.created_at ?? now,
        updated_at: now,
      });
    });
    return this.config(userId);
  }

  // ---- sealing ----

  async sealUpload(userId: number, fields: { documentName?: string; page?: number }, file: UploadedFile | undefined): Promise<SealingRecord> {
    const messages = { ...UPLOAD_MESSAGES, ...SEAL_PDF_UPLOAD_RULE.messages };
    if (!file) throw uploadRefusal(messages.missing);
    const problem = findUploadProblem({ name: file.filename, size: file.isTruncated ? SEAL_PDF_UPLOAD_RULE.maxBytes + 1 : file.size }, SEAL_PDF_UPLOAD_RULE);
    if (problem) throw uploadRefusal(problem.message);
    return this.seal(userId, { name: fields.documentName ?? file.filename, content: file.content, source: "upload", sourceCertificateNo: null, page: fields.page ?? null });
  }

  /** The certificate PDF of one of the holder's own stored evidence records, by id or certificate number. */
  async sealCertificate(userId: number, request: { evidenceId?: number; certificateNo?: string; page?: number }): Promise<SealingRecord> {
    await this.activeSeal(userId);
    const byNumber = request.certificateNo ? await this.deps.evidence.findByCertificateNo(request.certificateNo) : null;
    const id = request.evidenceId ?? (byNumber && byNumber.holderUserId === userId ? byNumber.id : null);
    const record = id ? await this.deps.evidence.getForHolder(userId, id) : null;
    if (!record) throw new BusinessError(ResultCode.notFound, SEAL_MESSAGES.evidenceNotFound);
    if (record.status !== "stored") throw new BusinessError(ResultCode.validationFailed, SEAL_MESSAGES.evidenceNotReady);
    const { certificateNo, pdf } = await this.deps.certificates.pdfForHolder(userId, record.id);
    return this.seal(userId, { name: boundFileName(`${record.name}-存证证书.pdf`), content: pdf, source: "certificate", sourceCertificateNo: certificateNo, page: request.page ?? null });
  }

  /** A bound device sealing the certificate of its own sealed recording: only a device the seal's configuration allows. */
  async sealCertificateForDevice(userId: number, deviceId: number, evidenceId: number): Promise<SealingRecord> {
    const { config } = await this.activeSeal(userId);
    if (!(JSON.parse(config.allowed_device_ids) as number[]).includes(deviceId)) throw new BusinessError(SealCode.deviceNotAllowed, SEAL_MESSAGES.deviceNotAllowed);
    return this.sealCertificate(userId, { evidenceId });
  }

  private async seal(userId: number, document: Document): Promise<SealingRecord> {
    const { config, certificate, organisation } = await this.activeSeal(userId);
    const appearance: SealAppearance =
      config.image_source === "uploaded" && config.image_blob
        ? { kind: "uploaded", png: (await this.deps.blobs.read(config.image_blob))! }
        : { kind: "generated", organisation, bottomText: config.bottom_text };
    const signer = await openSealSigner(
      { sealedKey: certificate.sealed_private_key, context: keyContext(userId, certificate.serial_number), certificatePem: certificate.certificate_pem },
      this.deps,
    );
    let sealed: { pdf: Buffer; page: number; pages: number };
    try {
      sealed = await sealPdfDocument(document.content, {
        appearance,
        signer,
        page: document.page,
        signingTime: new Date(this.deps.now()),
        signerName: organisation,
        reason: "电子印章用印",
        location: "衡证电子证据平台",
        contactInfo: "",
      });
    } catch (error) {
      if (error instanceof PdfSealRefusal) throw uploadRefusal(SEAL_MESSAGES[error.reason], error.reason === "noSuchPage" ? "page" : "file");
      throw error;
    }
    const blob = await this.deps.blobs.put(sealed.pdf);
    const certificateNo = this.deps.evidence.newCertificateNo();
    const id = await durableTransaction(this.deps.db, (trx) =>
      this.deps.repository.insertSealing(trx, {
        user_id: userId,
        state: "pending",
        document_name: document.name,
        source: document.source,
        source_certificate_no: document.sourceCertificateNo,
        pages: sealed.pages,
        sealed_page: sealed.page,
        certificate_id: certificate.id,
        certificate_serial: certificate.serial_number,
        signature_info: SIGNATURE_INFO,
        timestamp: signer.lastTimestamp.present ? "tsa" : "none",
        size: sealed.pdf.length,
        sha256: blob,
        sm3: createHash("sm3").update(sealed.pdf).digest("hex"),
        blob_sha256: blob,
        certificate_no: certificateNo,
        evidence_id: null,
        created_at: this.deps.now(),
      }),
    );
    const row = (await this.deps.repository.findSealing(id))!;
    await this.finish(row);
    return toRecord((await this.deps.repository.findSealing(id))!);
  }

  /** Stores a pending sealing as evidence (again under its number, answered as before) and marks it sealed. */
  private async finish(row: SealingRow): Promise<void> {
    const evidenceId = await this.deps.evidence.savePlatformContent(row.user_id, {
      kind: "sealedPdf",
      certificateNo: row.certificate_no,
      name: row.document_name,
      size: Number(row.size),
      sha256: row.sha256,
      sm3: row.sm3,
      blobSha256: row.blob_sha256,
      details: {
        fileName: row.document_name,
        sealingId: row.id,
        source: row.source,
        sourceCertificateNo: row.source_certificate_no,
        pages: row.pages,
        sealedPage: row.sealed_page,
        sealCertificateSerial: row.certificate_serial,
        signature: row.signature_info,
        timestamp: row.timestamp,
      },
    });
    await durableTransaction(this.deps.db, (trx) => this.deps.repository.markSealed(trx, row.id, evidenceId));
  }

  /** Sealings a killed process left pending (all, or those written before `leftBefore`) are stored now. */
  async recover(leftBefore: number | null): Promise<void> {
    for (const row of await this.deps.repository.pendingSealings(leftBefore)) {
      try {
        await this.finish(row);
      } catch (error) {
        this.deps.log.error({ err: error, sealingId: row.id }, "seal: finishing a pending sealing failed");
      }
    }
  }

  async list(userId: number, query: SealingListQuery): Promise<PageP<SealingRecord>> {
    const { rows, total } = await this.deps.repository.list(userId, { keyName: query.keyName, ...filterDayRange(query.startTime, query.endTime), pageNumber: query.pageNumber, pageSize: query.pageSize });
    return { list: rows.map(toRecord), pageNumber: query.pageNumber, pageSize: query.pageSize, totalPage: Math.ceil(total / query.pageSize), totalRow: total };
  }

  async one(userId: number, id: number): Promise<SealingRecord> {
    const row = await this.deps.repository.findSealing(id);
    if (!row || row.user_id !== userId || row.state !== "sealed") throw new BusinessError(ResultCode.notFound, SEAL_MESSAGES.sealingNotFound);
    return toRecord(row);
  }

  async download(userId: number, id: number): Promise<{ name: string; body: Buffer }> {
    const row = await this.deps.repository.findSealing(id);
    const body = row && row.user_id === userId && row.state === "sealed" ? await this.deps.blobs.read(row.blob_sha256) : null;
    if (!row || !body) throw new BusinessError(ResultCode.notFound, SEAL_MESSAGES.sealingNotFound);
    return { name: /\.pdf$/i.test(row.document_name) ? row.document_name : `${row.document_name}.pdf`, body };
  }

  // ---- rules ----

  /** The verified enterprise name; refused (3500) for any account not enterprise-verified. */
  private async enterpriseNameOf(userId: number): Promise<string> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user || Number(user.enterprise_status) !== ENTERPRISE_VERIFIED || !user.enterprise_name) throw new BusinessError(SealCode.notEnterprise, SEAL_MESSAGES.notEnterprise);
    return user.enterprise_name;
  }

  private async activeSeal(userId: number): Promise<{ config: SealConfigRow; certificate: SealCertificateRow; organisation: string }> {
    const organisation = await this.enterpriseNameOf(userId);
    const config = await this.deps.repository.findConfig(userId);
    const certificate = config?.certificate_id ? await this.deps.repository.findCertificate(config.certificate_id) : undefined;
    if (!config || !certificate) throw new BusinessError(SealCode.notConfigured, SEAL_MESSAGES.notConfigured);
    if (config.state === "suspended") throw new BusinessError(SealCode.suspended, SEAL_MESSAGES.suspended);
    if (Number(certificate.not_after) <= this.deps.now()) throw new BusinessError(SealCode.certificateExpired, SEAL_MESSAGES.certificateExpired);
    return { config, certificate, organisation };
  }
}

function toRecord(row: SealingRow): SealingRecord {
  return {
    id: Number(row.id),
    documentName: row.document_name,
    source: row.source as SealingRecord["source"],
    sourceCertificateNo: row.source_certificate_no,
    pages: Number(row.pages),
    sealedPage: Number(row.sealed_page),
    createTime: Number(row.created_at),
    certificateNo: row.certificate_no,
    evidenceId: Number(row.evidence_id),
    signatureInfo: row.signature_info,
    certificateSerial: row.certificate_serial,
    timestamp: row.timestamp as SealingRecord["timestamp"],
    size: Number(row.size),
    sha256: row.sha256,
  };
}
