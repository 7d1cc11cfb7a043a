import type { Kysely } from "kysely";
import type { z } from "zod";
import { ResultCode } from "../../../src/schema/envelope.js";
import {
  NOTARY_CONSOLE_MESSAGES,
  NotaryConsoleCode,
  unknownTemplatePlaceholder,
  type NewStaffFormSchema,
  type NotaryOfficeSetting,
  type NotaryStaff,
  type NotaryStaffStatus,
  type OfficeProfileFormSchema,
} from "../../../src/schema/notary-console.js";
import type { Database } from "../../db/database.js";
import { durableTransaction } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import { MD5_HEX } from "../account/password-hasher.js";
import type { NotaryOfficeRepository, NotaryOfficeRow } from "../notary/notary-office.repository.js";
import type { NotaryStaffService } from "../notary/notary-staff.service.js";
import type { NotaryUserRow } from "../notary/notary-user.repository.js";
import type { EncryptedFields } from "../security/encrypted-fields.js";
import type { NotarialCertificates } from "./notarial-certificates.js";

export type NotaryOfficeSettingsDependencies = {
  db: Kysely<Database>;
  offices: NotaryOfficeRepository;
  staff: NotaryStaffService;
  certificates: Pick<NotarialCertificates, "issueSeal">;
  /** Opens the new account's password as the notary login opens it (RSA-OAEP envelope around the MD5). */
  fields: Pick<EncryptedFields, "open">;
  now: () => number;
};

const FEN_PER_YUAN = 100;

/**
 * The office's own settings and staff (issue 17, setting): everyone of the office reads them; only
 * its administrators change the profile, fee and template, issue the office's seal and manage staff.
 */
export class NotaryOfficeSettings {
  constructor(private readonly deps: NotaryOfficeSettingsDependencies) {}

  async setting(staff: NotaryUserRow): Promise<NotaryOfficeSetting> {
    return toSetting((await this.deps.offices.findById(staff.office_id))!, staff);
  }

  async save(staff: NotaryUserRow, form: z.output<typeof OfficeProfileFormSchema>): Promise<NotaryOfficeSetting> {
    requireAdmin(staff);
    for (const field of ["templateBody", "templateFooter", "templateTitle"] as const) {
      const unknown = unknownTemplatePlaceholder(form[field]);
      if (unknown !== null) {
        const message = NOTARY_CONSOLE_MESSAGES.templateUnknownPlaceholder(unknown);
        throw new BusinessError(ResultCode.validationFailed, message, { errors: { [field]: message } });
      }
    }
    const feeFen = form.feeYuan === undefined ? null : Math.round(form.feeYuan * FEN_PER_YUAN);
    if (feeFen !== null && Math.abs(form.feeYuan! * FEN_PER_YUAN - feeFen) > 1e-6) {
      throw new BusinessError(ResultCode.validationFailed, "公证费最多精确到分（两位小数）", { errors: { feeYuan: "公证费最多精确到分（两位小数）" } });
    }
    await durableTransaction(this.deps.db, (trx) =>
      this.deps.offices.update(trx, staff.office_id, {
        region: form.region,
        address: form.address,
        phone: form.phone,
        introduction: form.introduction ?? "",
        fee_fen: feeFen,
        accepts_applications: form.acceptsApplications ? 1 : 0,
        template_title: form.templateTitle,
        template_body: form.templateBody,
        template_footer: form.templateFooter,
        updated_at: this.deps.now(),
      }),
    );
    return this.setting(staff);
  }

  /** A new seal certificate for the office from the platform seal CA (first issue or renewal); certificates issued before keep the one that sealed them. */
  async issueSeal(staff: NotaryUserRow): Promise<NotaryOfficeSetting> {
    requireAdmin(staff);
    const office = (await this.deps.offices.findById(staff.office_id))!;
    const seal = await this.deps.certificates.issueSeal(office);
    await durableTransaction(this.deps.db, (trx) => this.deps.offices.update(trx, office.id, { ...seal, updated_at: this.deps.now() }));
    return this.setting(staff);
  }

  staffList(staff: NotaryUserRow): Promise<NotaryStaff[]> {
    return this.deps.staff.list(staff.office_id);
  }

  async addStaff(staff: NotaryUserRow, form: z.output<typeof NewStaffFormSchema>): Promise<NotaryStaff> {
    requireAdmin(staff);
    const passwordDigest = await this.deps.fields.open(form.encryptPassword, "encryptPassword");
    if (!MD5_HEX.test(passwordDigest)) throw new BusinessError(ResultCode.validationFailed, "密码格式不正确", { errors: { encryptPassword: "密码格式不正确" } });
    return this.deps.staff.add(staff.office_id, { account: form.account, name: form.name, role: form.role, passwordDigest });
  }

  async setStaffStatus(staff: NotaryUserRow, id: number, status: NotaryStaffStatus): Promise<NotaryStaff> {
    requireAdmin(staff);
    return this.deps.staff.setStatus(staff, id, status);
  }
}

function requireAdmin(staff: NotaryUserRow): void {
  if (staff.role !== "admin") throw new BusinessError(NotaryConsoleCode.adminOnly, NOTARY_CONSOLE_MESSAGES.adminOnly);
}

function toSetting(office: NotaryOfficeRow, staff: NotaryUserRow): NotaryOfficeSetting {
  return {
    id: office.id,
    name: office.name,
    region: office.region,
    address: office.address,
    phone: office.phone,
    introduction: office.introduction,
    feeFen: office.fee_fen === null ? null : Number(office.fee_fen),
    acceptsApplications: office.accepts_applications === 1,
    templateTitle: office.template_title,
    templateBody: office.template_body,
    templateFooter: office.template_footer,
    seal:
      office.seal_certificate_pem && office.seal_serial && office.seal_fingerprint
        ? { serialNumber: office.seal_serial, notBefore: Number(office.seal_not_before), notAfter: Number(office.seal_not_after), fingerprint: office.seal_fingerprint }
        : null,
    canEdit: staff.role === "admin",
  };
}
