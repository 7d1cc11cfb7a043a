import { VerificationStatus } from "../../../src/schema/account.js";
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
import { BusinessError } from "../../http/envelope.js";
import type { UploadedFile } from "../../http/uploaded-file.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { IdentityDecision, IdentityVerifier } from "./identity-verifier.js";
import type { ApplicationKind, EnterpriseApplicationRow, IdentityRepository, RealNameApplicationRow } from "./identity.repository.js";
import { sniffImageType } from "./image-type.js";

export type IdentityDependencies = {
  applications: IdentityRepository;
  accounts: Pick<AccountRecords, "requireUser" | "findUser" | "markVerificationPending" | "recordVerificationDecision">;
  blobs: BlobStore;
  /** null where no identity service is configured (production without a provider). */
  verifier: IdentityVerifier | null;
  now: () => number;
};

/** What /dev/identity lists: one pending application of either kind. */
export type PendingApplication = {
  kind: ApplicationKind;
  id: number;
  account: string;
  name: string;
  detail: string;
  submitTime: string;
};

const PENDING_MESSAGE = "认证信息正在审核中，请耐心等待";

/**
 * Real-name and enterprise verification (spec §2 securityCenter, §3, §6): every submission is kept,
 * the newest one counts, and its status (0 none, 1 pending, 2 verified, 3 rejected) is mirrored
 * into the user's row so getUserInfo and the display name (§6) follow it. The ID number is stored
 * but only ever answered masked.
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
    const verifier = this.requireVerifier();
    const row = await this.deps.applications.transaction(async (trx) => {
      const inserted = await this.deps.applications.insertPerson(trx, {
        user_id: userId,
        real_name: form.realName,
        id_number: form.idNumber,
        status: VerificationStatus.pending,
        reject_reason: null,
        provider: verifier.name,
        submitted_at: this.deps.now(),
        decided_at: null,
      });
      await this.deps.accounts.markVerificationPending(userId, "person", trx);
      return inserted;
    });
    const decision = await verifier.checkPerson({ applicationId: row.id, realName: row.real_name, idNumber: row.id_number });
    await this.applyProviderDecision("person", row.id, decision);
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
    const verifier = this.requireVerifier();
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
        provider: verifier.name,
        submitted_at: this.deps.now(),
        decided_at: null,
      });
      await this.deps.accounts.markVerificationPending(userId, "organisation", trx);
      return inserted;
    });
    const decision = await verifier.checkOrganisation({
      applicationId: row.id,
      enterpriseName: row.enterprise_name,
      institutionType: row.institution_type,
      certificateKind: row.certificate_kind,
      certificateNumber: row.certificate_number,
      licenceImage: image,
    });
    await this.applyProviderDecision("organisation", row.id, decision);
    return this.getEnterpriseInfo(userId);
  }

  /** The licence photo of an application, to its owner only; anyone else is told it does not exist. */
  async getLicenceImage(userId: number, applicationId: number): Promise<string> {
    const row = await this.deps.applications.findOrganisation(applicationId);
    if (!row || row.user_id !== userId) throw new BusinessError(ResultCode.notFound, "认证申请不存在");
    return this.licenceDataUrl(row);
  }

  /** For the operator's development page only (never reachable in production). */
  async getLicenceImageForOperator(applicationId: number): Promise<{ content: Buffer; mimeType: string } | null> {
    const row = await this.deps.applications.findOrganisation(applicationId);
    const content = row ? await this.deps.blobs.read(row.licence_image_sha256) : null;
    return row && content ? { content, mimeType: row.licence_image_type } : null;
  }

  async listPending(limit = 100): Promise<PendingApplication[]> {
    const [persons, organisations] = await Promise.all([
      this.deps.applications.listPendingPersons(limit),
      this.deps.applications.listPendingOrganisations(limit),
    ]);
    const accountOf = async (userId: number) => {
      const user = await this.deps.accounts.findUser(userId);
      return user?.login_account ?? user?.mobile ?? user?.mail ?? `用户 ${userId}`;
    };
    const items = await Promise.all([
      ...persons.map(async (row) => toPendingPerson(row, await accountOf(row.user_id))),
      ...organisations.map(async (row) => toPendingOrganisation(row, await accountOf(row.user_id))),
    ]);
    return items.sort((a, b) => a.submitTime.localeCompare(b.submitTime));
  }

  /**
   * An operator's (or a provider's later) decision on a pending application. Refused when the
   * application is not pending any more, so a decision is never overwritten. The decision and the
   * account's status commit together: a crash between them would leave the account pending for ever.
   */
  async decide(kind: ApplicationKind, applicationId: number, decision: Exclude<IdentityDecision, { outcome: "pending" }>): Promise<void> {
    const row = kind === "person" ? await this.deps.applications.findPerson(applicationId) : await this.deps.applications.findOrganisation(applicationId);
    if (!row) throw new BusinessError(ResultCode.notFound, "认证申请不存在");
    const status = decision.outcome === "approved" ? VerificationStatus.verified : VerificationStatus.rejected;
    const reason = decision.outcome === "rejected" ? decision.reason : null;
    const { applications, accounts } = this.deps;
    const decided = await applications.transaction(async (trx) => {
      if (!(await applications.decide(trx, kind, applicationId, status, reason, this.deps.now()))) return false;
      // Only the newest application speaks for the account; an older one decided late changes nothing.
      if ((await applications.newestIdOf(trx, kind, row.user_id)) === applicationId) {
        const verifiedName = decision.outcome === "approved" ? verifiedNameOf(row) : null;
        await accounts.recordVerificationDecision(row.user_id, kind, { status, verifiedName }, trx);
      }
      return true;
    });
    if (!decided) throw new BusinessError(ResultCode.validationFailed, "该申请已处理，不能重复审核");
  }

  private async applyProviderDecision(kind: ApplicationKind, applicationId: number, decision: IdentityDecision): Promise<void> {
    if (decision.outcome !== "pending") await this.decide(kind, applicationId, decision);
  }

  private requireVerifier(): IdentityVerifier {
    if (!this.deps.verifier) {
      throw new BusinessError(PersonalCode.identityServiceUnavailable, "实名认证服务尚未开通，请稍后再试或联系客服");
    }
    return this.deps.verifier;
  }


  private async licenceDataUrl(row: EnterpriseApplicationRow): Promise<string> {
    const content = await this.deps.blobs.read(row.licence_image_sha256);
    if (!content) throw new BusinessError(ResultCode.notFound, "证照图片不存在");
    return `data:${row.licence_image_type};base64,${content.toString("base64")}`;
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

function verifiedNameOf(row: RealNameApplicationRow | EnterpriseApplicationRow): string {
  return "real_name" in row ? row.real_name : row.enterprise_name;
}

function toPendingPerson(row: RealNameApplicationRow, account: string): PendingApplication {
  return { kind: "person", id: row.id, account, name: row.real_name, detail: `身份证号 ${maskNationalId(row.id_number)}`, submitTime: formatDateTime(row.submitted_at) };
}

function toPendingOrganisation(row: EnterpriseApplicationRow, account: string): PendingApplication {
  const kind = row.certificate_kind === "organisationCode" ? "组织机构代码" : "营业执照";
  return { kind: "organisation", id: row.id, account, name: row.enterprise_name, detail: `${kind} ${row.certificate_number}`, submitTime: formatDateTime(row.submitted_at) };
}
