import { z } from "zod";
import { LoginUserSchema } from "./account";
import { AVATAR_MAX_BYTES, UPLOAD_DEFAULT_MAX_BYTES } from "./constants";
import { EmailSchema, MobileSchema } from "./contact";
import { endpoint } from "./contract";
import { VerificationCodeSchema } from "./credentials";
import { BusinessLicenceSchema, EnterpriseNameSchema, NationalIdSchema, OrganisationCodeSchema, RealNameSchema } from "./identity";
import { InstitutionTypeIdFieldSchema } from "./lists";
import { SetPasswordFormSchema } from "./password-forms";
import { textRule } from "./string-rule";
import { AVATAR_UPLOAD_RULE, type UploadRule } from "./upload";

/**
 * The personal centre (spec §2 /personal, §3 user fields, §7 uploadHeadPortrait and isRealName):
 * business codes, form schemas and answers, and the contract of its calls (PERSONAL_ENDPOINTS at
 * the end; updateProfile lives with the region rule in profile-form.ts), shared by the browser and
 * the server.
 */

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
  // 3024 (no identity service configured) is retired: every installation takes applications and
  // an operator decides them in the console (issue 13).
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

const AvatarSavedSchema = z.object({ headPortraitPath: z.string() });

export const UID_MISMATCH_MESSAGE = "用户信息与当前登录不一致";
/** `uid` of spec §7 calls: the caller's own id; the server refuses any other with the same message. */
export const UidSchema = z.coerce.number({ error: UID_MISMATCH_MESSAGE }).int(UID_MISMATCH_MESSAGE).positive(UID_MISMATCH_MESSAGE);

// ---- Profile (the form and updateProfile: profile-form.ts) ----

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

const RealNameInfoSchema = z.object({
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

/**
 * The enterprise form's fields. The registration number is checked by the rule of the chosen kind
 * and its message shows on the number; `when` lets that check run even while another field is
 * still wrong (a refinement is otherwise skipped once any field has failed).
 */
export const EnterpriseFieldsSchema = z
  .object({
    enterpriseName: EnterpriseNameSchema,
    institutionType: InstitutionTypeIdFieldSchema,
    certificateKind: CertificateKindSchema,
    certificateNumber: z.string({ error: "请输入证件号码" }).trim(),
  })
  .superRefine(
    ({ certificateKind, certificateNumber }, ctx) => {
      const rule = certificateKind === "organisationCode" ? OrganisationCodeSchema : BusinessLicenceSchema;
      const checked = rule.safeParse(certificateNumber);
      if (!checked.success) ctx.addIssue({ code: "custom", path: ["certificateNumber"], message: checked.error.issues[0].message });
    },
    { when: ({ value }) => hasCertificate(value) },
  );
export type EnterpriseFields = z.infer<typeof EnterpriseFieldsSchema>;

export const LICENCE_IMAGE_MISSING_MESSAGE = "请上传营业执照或组织机构代码证照片";
/** The licence photo: an image under the default upload limit of spec §5, with its messages. */
export const LICENCE_IMAGE_RULE: UploadRule = {
  extensions: ["jpg", "jpeg", "png"],
  maxBytes: UPLOAD_DEFAULT_MAX_BYTES,
  messages: { missing: LICENCE_IMAGE_MISSING_MESSAGE },
};

const EnterpriseInfoSchema = z.object({
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

const LicenceImageSchema = z.object({ imageBase64: z.string().describe("data: URL") });

// ---- Contacts, password, two-step, cancellation ----

const BindMobileFormSchema = z.object({ mobile: MobileSchema, vCode: VerificationCodeSchema });
const BindEmailFormSchema = z.object({ mail: EmailSchema, vCode: VerificationCodeSchema });

export const OLD_PASSWORD_REQUIRED_MESSAGE = "请输入原密码";
/** The old password is only required: an old password may predate today's rules. */
export const ChangePasswordFormSchema = z.intersection(
  z.object({ oldPassword: textRule({ required: OLD_PASSWORD_REQUIRED_MESSAGE, keepSpaces: true }) }),
  SetPasswordFormSchema,
);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
const ChangePasswordResultSchema = z.object({ token: z.string().describe("新的登录令牌：修改密码后所有旧令牌失效") });

const TwoStepSchema = z.object({ twoStepEnabled: z.boolean() });

export const CONFIRM_TEXT_MESSAGE = `请输入“${CANCELLATION_CONFIRM_TEXT}”`;
export const CancellationFormSchema = z.object({
  vCode: VerificationCodeSchema,
  confirmText: z
    .string({ error: CONFIRM_TEXT_MESSAGE })
    .trim()
    .refine((text): boolean => text === CANCELLATION_CONFIRM_TEXT, { error: CONFIRM_TEXT_MESSAGE }),
});
export type CancellationForm = z.infer<typeof CancellationFormSchema>;

/** The kind is one of ours and the number is text: only then can the number be checked by the kind's rule. */
function hasCertificate(value: unknown): boolean {
  const fields = value as { certificateKind?: unknown; certificateNumber?: unknown } | null;
  return typeof fields?.certificateNumber === "string" && CertificateKindSchema.safeParse(fields.certificateKind).success;
}

// ---- The calls ----

const TAG = "个人中心";
const encrypted = (required: string) => z.string({ error: required }).min(1, required).max(2048).describe("MD5 后 RSA-OAEP 加密（base64）");

export const PERSONAL_ENDPOINTS = {
  getProfile: endpoint({
    method: "GET",
    path: "/personal/v2/getProfile",
    input: z.object({}),
    datas: ProfileSchema,
    session: "user",
    tag: TAG,
    summary: "账号管理页的资料：用户信息、行业、地区、登录二次验证开关",
  }),
  uploadHeadPortrait: endpoint({
    method: "POST",
    path: "/user/v2/uploadHeadPortrait",
    input: z.object({
      base64Data: z.string({ error: AVATAR_UPLOAD_RULE.messages!.missing! }).optional().describe("data:image/png;base64,…"),
      uid: UidSchema,
    }),
    datas: AvatarSavedSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: "上传头像（multipart/form-data）：base64Data 为裁剪成 160×160 的 jpg/png 图片的 data: URL，不超过 2097152 字节",
  }),
  isRealName: endpoint({
    method: "GET",
    path: "/user/v2/isRealName",
    input: z.object({ uid: UidSchema }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "是否已实名认证：200 已认证；3020 未认证，3021 审核中，3022 未通过（message 说明原因）",
  }),
  getRealNameInfo: endpoint({
    method: "GET",
    path: "/personal/v2/getRealNameInfo",
    input: z.object({}),
    datas: RealNameInfoSchema,
    session: "user",
    tag: TAG,
    summary: "个人实名认证状态与最近一次申请（身份证号脱敏）",
  }),
  submitRealName: endpoint({
    method: "POST",
    path: "/personal/v2/submitRealName",
    input: RealNameFormSchema,
    datas: RealNameInfoSchema,
    session: "user",
    tag: TAG,
    summary: "提交个人实名认证：真实姓名与身份证号，提交后进入审核（状态 1）",
  }),
  getEnterpriseInfo: endpoint({
    method: "GET",
    path: "/personal/v2/getEnterpriseInfo",
    input: z.object({}),
    datas: EnterpriseInfoSchema,
    session: "user",
    tag: TAG,
    summary: "企业认证状态与最近一次申请",
  }),
  /** The licence photo travels as the file part `licenceImage` (LICENCE_IMAGE_RULE), after these fields. */
  submitEnterprise: endpoint({
    method: "POST",
    path: "/personal/v2/submitEnterprise",
    input: EnterpriseFieldsSchema,
    datas: EnterpriseInfoSchema,
    session: "user",
    multipart: true,
    tag: TAG,
    summary: "提交企业认证（multipart/form-data）：企业名称、机构类型 1-5、证件类型与号码、证照图片 licenceImage（jpg/png，不超过 2M）",
  }),
  getLicenceImage: endpoint({
    method: "GET",
    path: "/personal/v2/getLicenceImage",
    input: z.object({ applicationId: z.coerce.number().int().positive() }),
    datas: LicenceImageSchema,
    session: "user",
    tag: TAG,
    summary: "本人企业认证申请的证照图片（data: URL），他人的申请一律答“不存在”",
  }),
  bindMobile: endpoint({
    method: "POST",
    path: "/personal/v2/bindMobile",
    input: BindMobileFormSchema,
    datas: z.object({ userInfo: LoginUserSchema }),
    session: "user",
    tag: TAG,
    summary: "绑定手机号：先用 type 4 向新手机号发送验证码（带登录令牌）",
  }),
  bindEmail: endpoint({
    method: "POST",
    path: "/personal/v2/bindEmail",
    input: BindEmailFormSchema,
    datas: z.object({ userInfo: LoginUserSchema }),
    session: "user",
    tag: TAG,
    summary: "绑定邮箱：先用 type 4 向新邮箱发送验证码（带登录令牌）",
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/personal/v2/changePassword",
    input: z.object({ encryptOldPassword: encrypted(OLD_PASSWORD_REQUIRED_MESSAGE), encryptPassword: encrypted("请输入新密码") }),
    datas: ChangePasswordResultSchema,
    session: "user",
    tag: TAG,
    summary: "修改密码：原密码与新密码均 MD5 后 RSA-OAEP 加密；成功后本账号所有旧令牌失效，返回新令牌",
  }),
  setTwoStep: endpoint({
    method: "POST",
    path: "/personal/v2/setTwoStep",
    input: z.object({ enabled: z.boolean({ error: "请选择开启或关闭" }) }),
    datas: TwoStepSchema,
    session: "user",
    tag: TAG,
    summary: "登录二次验证开关：开启后每次登录都需要绑定手机或邮箱收到的验证码（3012）",
  }),
  cancelAccount: endpoint({
    method: "POST",
    path: "/personal/v2/cancelAccount",
    input: z.object({ account: z.string({ error: "请选择接收验证码的手机号或邮箱" }).max(254), ...CancellationFormSchema.shape }),
    datas: z.null(),
    session: "user",
    tag: TAG,
    summary: "注销账号：type 7 验证码（发往本账号的手机或邮箱）并输入“确认注销”；注销后不能再登录，已保全的证据保留",
  }),
};
