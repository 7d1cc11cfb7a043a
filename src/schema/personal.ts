import { z } from "zod";
import { LoginUserSchema } from "./account";
import { AVATAR_MAX_BYTES, UPLOAD_DEFAULT_MAX_BYTES } from "./constants";
import { EmailSchema, MobileSchema } from "./contact";
import { VerificationCodeSchema } from "./credentials";
import { BusinessLicenceSchema, EnterpriseNameSchema, NationalIdSchema, OrganisationCodeSchema, RealNameSchema } from "./identity";
import { InstitutionTypeIdSchema } from "./lists";
import { SetPasswordFormSchema } from "./password-forms";
import { textRule } from "./string-rule";
import type { UploadRule } from "./upload";

/**
 * The personal centre's API contract (spec §2 /personal, §3 user fields, §7 uploadHeadPortrait and
 * isRealName): paths relative to /webapi, business codes, form schemas and answers, shared by the
 * browser and the server.
 */
export const PERSONAL_ENDPOINTS = {
  uploadHeadPortrait: "/user/v2/uploadHeadPortrait",
  isRealName: "/user/v2/isRealName",
  getProfile: "/personal/v2/getProfile",
  updateProfile: "/personal/v2/updateProfile",
  getRealNameInfo: "/personal/v2/getRealNameInfo",
  submitRealName: "/personal/v2/submitRealName",
  getEnterpriseInfo: "/personal/v2/getEnterpriseInfo",
  submitEnterprise: "/personal/v2/submitEnterprise",
  getLicenceImage: "/personal/v2/getLicenceImage",
  bindMobile: "/personal/v2/bindMobile",
  bindEmail: "/personal/v2/bindEmail",
  changePassword: "/personal/v2/changePassword",
  setTwoStep: "/personal/v2/setTwoStep",
  cancelAccount: "/personal/v2/cancelAccount",
} as const;

/** Codes of the personal centre; the accounts codes (3003 taken, 1003 wrong code …) are reused. */
export const PersonalCode = {
  /** isRealName: no real-name application yet. */
  realNameMissing: 3020,
  /** isRealName, or a second submission: an application is waiting for its decision. */
  verificationPending: 3021,
  /** isRealName: the last application was rejected. */
  realNameRejected: 3022,
  /** A verified identity cannot be submitted again. */
  alreadyVerified: 3023,
  /** No identity verification service is configured on this installation (production). */
  identityServiceUnavailable: 3024,
  oldPasswordWrong: 3025,
  /** The request is not open to this account (a sub-account cancelling itself, …). */
  notAllowed: 3026,
} as const;

/** Spec §8: the avatar answer. */
export const AVATAR_SAVED_MESSAGE = "保存成功";
/** What the account must type to cancel itself. */
export const CANCELLATION_CONFIRM_TEXT = "确认注销";

/** Real-name and organisation verification status (mirrors VerificationStatus of account.ts). */
export const VERIFICATION_STATUS_TEXT: Record<number, string> = { 0: "未认证", 1: "审核中", 2: "已认证", 3: "未通过" };

/**
 * "110101199003077718" → "1101**********7718": enough for the owner to recognise the number, never
 * the whole of it again once it is submitted.
 */
export function maskNationalId(id: string): string {
  return id.length <= 8 ? "*".repeat(id.length) : `${id.slice(0, 4)}${"*".repeat(id.length - 8)}${id.slice(-4)}`;
}

// ---- Avatar (spec §5, §9) ----

/** A data: URL of the cropped image; the prefix tells the format, the magic bytes must agree. */
export const AVATAR_DATA_URL_PATTERN = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/]*={0,2})$/i;
/** The longest base64 text an image of AVATAR_MAX_BYTES can be. */
export const AVATAR_BASE64_MAX_CHARS = Math.ceil(AVATAR_MAX_BYTES / 3) * 4;

export const AvatarSavedSchema = z.object({ headPortraitPath: z.string() });

// ---- Profile (the form itself: profile-form.ts) ----

/** updateProfile's body: the region's three ids travel as flat fields. */
export type ProfileUpdate = { industryId: number; province: string; city: string; district: string };

export const ProfileSchema = z.object({
  userInfo: LoginUserSchema,
  industryId: z.number().int().nullable(),
  region: z.object({ province: z.string(), city: z.string(), district: z.string() }).nullable(),
  twoStepEnabled: z.boolean(),
  /** A sub-account's name as its main account gave it. */
  childAccountName: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

// ---- Real-name and enterprise verification ----

export const RealNameFormSchema = z.object({ realName: RealNameSchema, idNumber: NationalIdSchema });
export type RealNameForm = z.infer<typeof RealNameFormSchema>;

export const RealNameInfoSchema = z.object({
  status: z.number().int().describe("0 未认证，1 审核中，2 已认证，3 未通过"),
  realName: z.string().nullable(),
  idNumberMasked: z.string().nullable().describe("身份证号只以脱敏形式返回"),
  rejectReason: z.string().nullable(),
  submitTime: z.string().nullable(),
  decideTime: z.string().nullable(),
});
export type RealNameInfo = z.infer<typeof RealNameInfoSchema>;

/** Which registration number an organisation gives (spec §5 has a rule for each). */
export const CERTIFICATE_KINDS = [
  { id: "businessLicence", name: "营业执照（统一社会信用代码）" },
  { id: "organisationCode", name: "组织机构代码" },
] as const;
export const CertificateKindSchema = z.enum(["businessLicence", "organisationCode"], { error: "请选择证件类型" });
export type CertificateKind = z.infer<typeof CertificateKindSchema>;

/** The registration number is checked by the rule of the chosen kind; its message shows on the number. */
const CertificateSchema = z
  .object({ certificateKind: CertificateKindSchema, certificateNumber: z.string({ error: "请输入证件号码" }) })
  .transform((form, ctx) => {
    const rule = form.certificateKind === "organisationCode" ? OrganisationCodeSchema : BusinessLicenceSchema;
    const checked = rule.safeParse(form.certificateNumber);
    if (checked.success) return { ...form, certificateNumber: checked.data };
    ctx.addIssue({ code: "custom", path: ["certificateNumber"], message: checked.error.issues[0].message });
    return z.NEVER;
  });

/**
 * An intersection rather than one object, so that the number is checked even while another field
 * is still wrong (an object's own refinements only run once all its fields pass).
 */
export const EnterpriseFieldsSchema = z.intersection(
  z.object({
    enterpriseName: EnterpriseNameSchema,
    institutionType: z.coerce.number({ error: "请选择机构类型" }).pipe(InstitutionTypeIdSchema),
  }),
  CertificateSchema,
);
export type EnterpriseFields = z.infer<typeof EnterpriseFieldsSchema>;

export const LICENCE_IMAGE_MISSING_MESSAGE = "请上传营业执照或组织机构代码证照片";
/** The licence photo: an image under the default upload limit of spec §5, with its messages. */
export const LICENCE_IMAGE_RULE: UploadRule = {
  extensions: ["jpg", "jpeg", "png"],
  maxBytes: UPLOAD_DEFAULT_MAX_BYTES,
  messages: { missing: LICENCE_IMAGE_MISSING_MESSAGE },
};

export const EnterpriseInfoSchema = z.object({
  status: z.number().int().describe("0 未认证，1 审核中，2 已认证，3 未通过"),
  applicationId: z.number().int().nullable(),
  enterpriseName: z.string().nullable(),
  institutionType: z.number().int().nullable(),
  certificateKind: CertificateKindSchema.nullable(),
  certificateNumber: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submitTime: z.string().nullable(),
  decideTime: z.string().nullable(),
});
export type EnterpriseInfo = z.infer<typeof EnterpriseInfoSchema>;

export const LicenceImageSchema = z.object({ imageBase64: z.string().describe("data: URL") });

// ---- Contacts, password, two-step, cancellation ----

export const BindMobileFormSchema = z.object({ mobile: MobileSchema, vCode: VerificationCodeSchema });
export type BindMobileForm = z.infer<typeof BindMobileFormSchema>;
export const BindEmailFormSchema = z.object({ mail: EmailSchema, vCode: VerificationCodeSchema });
export type BindEmailForm = z.infer<typeof BindEmailFormSchema>;

export const OLD_PASSWORD_REQUIRED_MESSAGE = "请输入原密码";
/** The old password is only required: an old password may predate today's rules. */
export const ChangePasswordFormSchema = z.intersection(
  z.object({ oldPassword: textRule({ required: OLD_PASSWORD_REQUIRED_MESSAGE, keepSpaces: true }) }),
  SetPasswordFormSchema,
);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
export const ChangePasswordResultSchema = z.object({ token: z.string().describe("新的登录令牌：修改密码后所有旧令牌失效") });

export const TwoStepSchema = z.object({ twoStepEnabled: z.boolean() });

export const CONFIRM_TEXT_MESSAGE = `请输入“${CANCELLATION_CONFIRM_TEXT}”`;
export const CancellationFormSchema = z.object({
  vCode: VerificationCodeSchema,
  confirmText: z
    .string({ error: CONFIRM_TEXT_MESSAGE })
    .trim()
    .refine((text): boolean => text === CANCELLATION_CONFIRM_TEXT, { error: CONFIRM_TEXT_MESSAGE }),
});
export type CancellationForm = z.infer<typeof CancellationFormSchema>;
