import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { VerificationStatus } from "../../../src/schema/account.js";
import { REVIEW_MESSAGES } from "../../../src/schema/console/identity-review.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { formatDateTime } from "../../../src/schema/format.js";
import {
  LICENCE_IMAGE_RULE,
  maskNationalId,
  PersonalCode,
  type EnterpriseFields,
  type EnterpriseInfo,
  type RealNameForm,
  type RealNameInfo,
} from "../../../src/schema/personal.js";
import { findUploadProblem, UPLOAD_MESSAGES } from "../../../src/schema/upload.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Database } from "../../db/database.js";
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { IdentityCheck, IdentityVerifier } from "./identity-verifier.js";
import type {
  ApplicationFilter,
  ApplicationKind,
  ApplicationRow,
  ApplicationSummaryRow,
  DeciderRef,
  EnterpriseApplicationRow,
  IdentityRepository,
} from "./identity.repository.js";
import { digestsEqual } from "../security/digest-compare.js";
import { sniffImageType } from "./image-type.js";

export type IdentityDependencies = {
  applications: IdentityRepository;
  accounts: Pick<AccountRecords, "requireUser" | "markVerificationPending" | "recordVerificationDecision">;
  blobs: BlobStore;
  /** The automatic vendor check; null where none is configured (the application then waits for a person all the same). */
  verifier: IdentityVerifier | null;
  /** Where a failed vendor check is reported (never with the application's data). */
  log: { warn(details: object, message: string): void };
  now: () => number;
};

/** A person's decision on an application (the console's review). */
export type IdentityDecision = { outcome: "approved" } | { outcome: "rejected"; reason: string };

/** Provider name stored with applications submitted where no verifier is configured. */
const NO_VERIFIER = "none";
const CHECK_FAILED: IdentityCheck = { outcome: "unavailable", note: "自动核验服务未能答复，请人工核对资料" };

const PENDING_MESSAGE = "认证信息正在审核中，请耐心等待";

/**
 * Real-name and enterprise verification (spec §2 securityCenter, §3, §6): every submission is kept,
 * the newest one counts, and its status (0 none, 1 pending, 2 verified, 3 rejected) is mirrored
 * into the user's row so getUserInfo and the display name (§6) follow it. A submission is checked
 * by the vendor (where one is configured) and then waits for an operator's decision in the console
 * (issue 13). The ID number is stored but only ever answered masked to the customer.
 */
export class IdentityService {
  constructor(private readonly deps: IdentityDependencies) {}

  /** Spec §7 isRealName: 200 when verified; otherwise a code saying why not. */
  async isRealName(userId: number): Promise<{ code: number; message: string }> {
    const status = (await this.deps.accounts.requireUser(userId)).real_name_status;
    if (status === VerificationStatus.verified) return { code: ResultCode.success, message: "已完成实名认证" };
    if (status === VerificationStatus.pending) return { code: PersonalCode.verificationPending, message: "实名认证正在审核中，请审核通过后再试" };
    if (status === VerificationStatus.rejected) return { code: PersonalCode.realNameRejected, message: "实名认证未通过，请重新提交实名认证" };
    return { code: PersonalCode.realNameMissing, message: "您尚未完成实名认证，请先完成实名认证" };
  }

  async getRealNameInfo(userId: number): Promise<RealNameInfo> {
    const user = await this.deps.accounts.requireUser(userId);
    const row = await this.deps.applications.newestPersonOf(userId);
    return {
      status: user.real_name_status,
      realName: row?.real_name ?? null,
      idNumberMasked: row ? maskNationalId(row.id_number) : null,
      rejectReason: row?.reject_reason ?? null,
      submitTime: row ? formatDateTime(row.submitted_at) : null,
      decideTime: row?.decided_at ? formatDateTime(row.decided_at) : null,
    };
  }

  async submitPerson(userId: number, form: RealNameForm): Promise<RealNameInfo> {
    const user = await this.deps.accounts.requireUser(userId);
    assertOpenForSubmission(user.real_name_status, "已完成实名认证，无需重复提交");
    const { verifier } = this.deps;
    const row = await this.deps.applications.transaction(async (trx) => {
      const inserted = await this.deps.applications.insertPerson(trx, {
        user_id: userId,
        real_name: form.realName,
        id_number: form.idNumber,
        status: VerificationStatus.pending,
        reject_reason: null,
        provider: verifier?.name ?? NO_VERIFIER,
        submitted_at: this.deps.now(),
        decided_at: null,
      });
      await this.deps.accounts.markVerificationPending(userId, "person", trx);
      return inserted;
    });
    await this.runCheck("person", row.id, (provider) => provider.checkPerson({ applicationId: row.id, realName: row.real_name, idNumber: row.id_number }));
    return this.getRealNameInfo(userId);
  }

  async getEnterpriseInfo(userId: number): Promise<EnterpriseInfo> {
    const user = await this.deps.accounts.requireUser(userId);
    const row = await this.deps.applications.newestOrganisationOf(userId);
    return {
      status: user.enterprise_status,
      applicationId: row?.id ?? null,
      enterpriseName: row?.enterprise_name ?? null,
      institutionType: row?.institution_type ?? null,
      certificateKind: row?.certificate_kind ?? null,
      certificateNumber: row?.certificate_number ?? null,
      rejectReason: row?.reject_reason ?? null,
      submitTime: row ? formatDateTime(row.submitted_at) : null,
      decideTime: row?.decided_at ? formatDateTime(row.decided_at) : null,
    };
  }

  async submitOrganisation(userId: number, fields: EnterpriseFields, licence: UploadedFile | undefined): Promise<EnterpriseInfo> {
    const user = await this.deps.accounts.requireUser(userId);
    assertOpenForSubmission(user.enterprise_status, "已完成企业认证，无需重复提交");
    const image = checkLicenceImage(licence);
    const { verifier } = this.deps;
    const sha256 = await this.deps.blobs.put(image.content);
    const row = await this.deps.applications.transaction(async (trx) => {
      const inserted = await this.deps.applications.insertOrganisation(trx, {
        user_id: userId,
        enterprise_name: fields.enterpriseName,
        institution_type: fields.institutionType,
        certificate_kind: fields.certificateKind,
        certificate_number: fields.certificateNumber,
        licence_image_sha256: sha256,
        licence_image_type: image.mimeType,
        status: VerificationStatus.pending,
        reject_reason: null,
        provider: verifier?.name ?? NO_VERIFIER,
        submitted_at: this.deps.now(),
        decided_at: null,
      });
      await this.deps.accounts.markVerificationPending(userId, "organisation", trx);
      return inserted;
    });
    await this.runCheck("organisation", row.id, (provider) =>
      provider.checkOrganisation({
        applicationId: row.id,
        enterpriseName: row.enterprise_name,
        institutionType: row.institution_type,
        certificateKind: row.certificate_kind,
        certificateNumber: row.certificate_number,
        licenceImage: image,
      }),
    );
    return this.getEnterpriseInfo(userId);
  }

  /** The licence photo of an application, to its owner only; anyone else is told it does not exist. */
  async getLicenceImage(userId: number, applicationId: number): Promise<string> {
    const row = await this.deps.applications.findOrganisation(applicationId);
    if (!row || row.user_id !== userId) throw new BusinessError(ResultCode.notFound, REVIEW_MESSAGES.notFound);
    const image = await this.licenceDataUrl(row);
    if (!image) throw new BusinessError(ResultCode.notFound, "证照图片不存在");
    return image;
  }

  // ---- the console's review (issue 13) ----

  /** One page of applications for review; the rows carry full ID numbers, which callers mask. */
  findApplications(filter: ApplicationFilter, page: { limit: number; offset: number }): Promise<{ rows: ApplicationSummaryRow[]; total: number }> {
    return this.deps.applications.listApplications(filter, page);
  }

  async requireApplication(kind: ApplicationKind, applicationId: number): Promise<ApplicationRow> {
    const row = await this.deps.applications.find(kind, applicationId);
    if (!row) throw new BusinessError(ResultCode.notFound, REVIEW_MESSAGES.notFound);
    return row;
  }

  /** Every application of a user of one kind, oldest first: an application's history. */
  applicationsOf(kind: ApplicationKind, userId: number): Promise<ApplicationSummaryRow[]> {
    return this.deps.applications.applicationsOf(kind, userId);
  }

  /**
   * The application that had the account verified of this kind at `time` (a certificate's holder at
   * the evidence's time): the newest one submitted by then, if it was approved by then; null when
   * the account was not verified of this kind at that time.
   */
  async applicationInForce(userId: number, kind: ApplicationKind, time: number): Promise<{ kind: ApplicationKind; id: number } | null> {
    const row = await this.deps.applications.newestSubmittedBy(kind, userId, time);
    const isApprovedBy = row?.status === VerificationStatus.verified && row.decided_at !== null && row.decided_at <= time;
    return row && isApprovedBy ? { kind, id: row.id } : null;
  }

  /**
   * The account's identity of a kind as verified now (a notarisation applicant's, captured at
   * submission): the person's real name and ID number, or the organisation's name and certificate
   * number, from the newest application, only when the account is verified of that kind.
   */
  async verifiedIdentity(userId: number, kind: ApplicationKind): Promise<{ name: string; idNumber: string } | null> {
    const user = await this.deps.accounts.requireUser(userId);
    if (kind === "person") {
      const row = user.real_name_status === VerificationStatus.verified ? await this.deps.applications.newestPersonOf(userId) : undefined;
      return row?.status === VerificationStatus.verified ? { name: row.real_name, idNumber: row.id_number } : null;
    }
    const row = user.enterprise_status === VerificationStatus.verified ? await this.deps.applications.newestOrganisationOf(userId) : undefined;
    return row?.status === VerificationStatus.verified ? { name: row.enterprise_name, idNumber: row.certificate_number } : null;
  }

  /**
   * Whether `idNumber` is the account's verified personal ID number or verified business licence
   * number (the litigation package's holder check): spaces ignored, letters compared
   * case-insensitively (the final X of an ID number), compared as digests in constant time.
   */
  async holderIdentityMatches(userId: number, idNumber: string): Promise<boolean> {
    const typed = identityDigest(idNumber);
    const identities = await Promise.all((["person", "organisation"] as const).map((kind) => this.verifiedIdentity(userId, kind)));
    // Both compared, whichever matches, so the time taken does not say which kind the holder has.
    const matches = identities.map((identity) => identity !== null && digestsEqual(identityDigest(identity.idNumber), typed));
    return matches.some(Boolean);
  }

  /** An organisation application's licence photo as a data: URL, for the reviewer; null when its blob is missing. */
  licenceImageOf(row: EnterpriseApplicationRow): Promise<string | null> {
    return this.licenceDataUrl(row);
  }

  /**
   * An operator's decision on a pending application. Refused when the application is not pending
   * any more, so a decision is never overwritten. The decision and the account's status commit
   * together (a crash between them would leave the account pending for ever), inside `trx` when the
   * caller has one (the console's audit record commits with them).
   */
  async decide(
    kind: ApplicationKind,
    applicationId: number,
    decision: IdentityDecision,
    options: { trx?: Transaction<Database>; decidedBy?: DeciderRef } = {},
  ): Promise<void> {
    const status = decision.outcome === "approved" ? VerificationStatus.verified : VerificationStatus.rejected;
    const { applications, accounts } = this.deps;
    const work = async (trx: Transaction<Database>) => {
      const row = await applications.find(kind, applicationId, trx);
      if (!row) throw new BusinessError(ResultCode.notFound, REVIEW_MESSAGES.notFound);
      const recorded = { status, rejectReason: decision.outcome === "rejected" ? decision.reason : null, at: this.deps.now(), decidedBy: options.decidedBy ?? null };
      if (!(await applications.decide(trx, kind, applicationId, recorded))) return false;
      // Only the newest application speaks for the account; an older one decided late changes nothing.
      if ((await applications.newestIdOf(trx, kind, row.user_id)) === applicationId) {
        const verifiedName = decision.outcome === "approved" ? verifiedNameOf(row) : null;
        await accounts.recordVerificationDecision(row.user_id, kind, { status, verifiedName }, trx);
      }
      return true;
    };
    const decided = options.trx ? await work(options.trx) : await applications.transaction(work);
    if (!decided) throw new BusinessError(ResultCode.validationFailed, REVIEW_MESSAGES.alreadyDecided);
  }

  /** The vendor check of a stored application; a vendor that fails leaves the reviewer a note instead. */
  private async runCheck(kind: ApplicationKind, applicationId: number, check: (verifier: IdentityVerifier) => Promise<IdentityCheck>): Promise<void> {
    const { verifier } = this.deps;
    if (!verifier) return;
    let outcome: IdentityCheck;
    try {
      outcome = await check(verifier);
    } catch (error) {
      this.deps.log.warn({ kind, applicationId, provider: verifier.name, error: error instanceof Error ? error.message : String(error) }, "身份自动核验失败");
      outcome = CHECK_FAILED;
    }
    await this.deps.applications.recordCheck(kind, applicationId, { ...outcome, at: this.deps.now() });
  }

  private async licenceDataUrl(row: EnterpriseApplicationRow): Promise<string | null> {
    const content = await this.deps.blobs.read(row.licence_image_sha256);
    return content ? `data:${row.licence_image_type};base64,${content.toString("base64")}` : null;
  }
}

function assertOpenForSubmission(status: number, verifiedMessage: string): void {
  if (status === VerificationStatus.verified) throw new BusinessError(PersonalCode.alreadyVerified, verifiedMessage);
  if (status === VerificationStatus.pending) throw new BusinessError(PersonalCode.verificationPending, PENDING_MESSAGE);
}

/** The licence photo: present, jpg/jpeg/png by its name and by its bytes, within the default 2 MB. */
function checkLicenceImage(licence: UploadedFile | undefined): { content: Buffer; mimeType: string } {
  const size = licence?.isTruncated ? LICENCE_IMAGE_RULE.maxBytes + 1 : (licence?.size ?? 0);
  const problem = findUploadProblem(licence ? { name: licence.filename, size } : null, LICENCE_IMAGE_RULE);
  if (problem || !licence) throw licenceError(problem?.message ?? UPLOAD_MESSAGES.missing);
  const mimeType = sniffImageType(licence.content);
  if (!mimeType) throw licenceError(UPLOAD_MESSAGES.format);
  return { content: licence.content, mimeType };
}

function licenceError(message: string) {
  return new BusinessError(ResultCode.validationFailed, message, { errors: { licenceImage: message } });
}

function verifiedNameOf(row: ApplicationRow): string {
  return "real_name" in row ? row.real_name : row.enterprise_name;
}

function identityDigest(idNumber: string): string {
  return createHash("sha256").update(idNumber.replace(/\s/g, "").toUpperCase(), "utf8").digest("hex");
}
