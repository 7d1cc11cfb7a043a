import { ACCOUNT_ENDPOINTS, type CodePurposeValue, type LoginUser } from "../schema/account";
import type { Envelope } from "../schema/envelope";
import {
  PERSONAL_ENDPOINTS,
  type BindEmailForm,
  type BindMobileForm,
  type EnterpriseFields,
  type EnterpriseInfo,
  type Profile,
  type RealNameForm,
  type RealNameInfo,
} from "../schema/personal";
import type { ProfileForm } from "../schema/profile-form";
import { sendVerificationCode } from "./account-client";
import { callEndpoint, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The personal centre's calls (spec §2 /personal, §7 uploadHeadPortrait and isRealName): which
 * path, which fields, which of them encrypted. Every method resolves to the server's envelope; the
 * pages decide what a code means on screen. All of them carry the session token.
 */
export interface PersonalClient {
  getUserInfo(userId: number | string): Promise<Envelope<{ userInfo: LoginUser } | null>>;
  getProfile(): Promise<Envelope<Profile | null>>;
  updateProfile(form: ProfileForm): Promise<Envelope<Profile | null>>;
  /** Spec §7: multipart `base64Data` (the cropped image as a data: URL), `uid`, `token`. */
  uploadAvatar(uid: number | string, base64Data: string): Promise<Envelope<{ headPortraitPath: string } | null>>;
  isRealName(uid: number | string): Promise<Envelope<null>>;
  getRealNameInfo(): Promise<Envelope<RealNameInfo | null>>;
  submitRealName(form: RealNameForm): Promise<Envelope<RealNameInfo | null>>;
  getEnterpriseInfo(): Promise<Envelope<EnterpriseInfo | null>>;
  submitEnterprise(fields: EnterpriseFields, licenceImage: File): Promise<Envelope<EnterpriseInfo | null>>;
  getLicenceImage(applicationId: number): Promise<Envelope<{ imageBase64: string } | null>>;
  /** A code to a new contact (purpose 4) or to the account's own (purpose 7); both need the session. */
  sendCode(account: string, purpose: CodePurposeValue): Promise<Envelope<null>>;
  bindMobile(form: BindMobileForm): Promise<Envelope<{ userInfo: LoginUser } | null>>;
  bindEmail(form: BindEmailForm): Promise<Envelope<{ userInfo: LoginUser } | null>>;
  /** Answers the new token: every old one ends with the password change. */
  changePassword(input: { oldPassword: string; newPassword: string }): Promise<Envelope<{ token: string } | null>>;
  setTwoStep(enabled: boolean): Promise<Envelope<{ twoStepEnabled: boolean } | null>>;
  cancelAccount(input: { account: string; vCode: string; confirmText: string }): Promise<Envelope<null>>;
}

export function createPersonalClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): PersonalClient {
  return {
    getUserInfo: (userId) => callEndpoint(http, ACCOUNT_ENDPOINTS.getUserInfo, { userId }),
    getProfile: () => http.get(PERSONAL_ENDPOINTS.getProfile),
    updateProfile: ({ industryId, region }) => http.post(PERSONAL_ENDPOINTS.updateProfile, { industryId, ...region }),
    uploadAvatar: (uid, base64Data) => http.post(PERSONAL_ENDPOINTS.uploadHeadPortrait, { base64Data, uid }, { multipart: true }),
    isRealName: (uid) => http.get(PERSONAL_ENDPOINTS.isRealName, { uid }),
    getRealNameInfo: () => http.get(PERSONAL_ENDPOINTS.getRealNameInfo),
    submitRealName: (form) => http.post(PERSONAL_ENDPOINTS.submitRealName, form),
    getEnterpriseInfo: () => http.get(PERSONAL_ENDPOINTS.getEnterpriseInfo),
    submitEnterprise: (fields, licenceImage) => http.post(PERSONAL_ENDPOINTS.submitEnterprise, { ...fields, licenceImage }, { multipart: true }),
    getLicenceImage: (applicationId) => http.get(PERSONAL_ENDPOINTS.getLicenceImage, { applicationId }),

    sendCode: (account, purpose) => sendVerificationCode(http, account, purpose),
    bindMobile: ({ mobile, vCode }) => http.post(PERSONAL_ENDPOINTS.bindMobile, { mobile: mobile.trim(), vCode: vCode.trim() }),
    bindEmail: ({ mail, vCode }) => http.post(PERSONAL_ENDPOINTS.bindEmail, { mail: mail.trim(), vCode: vCode.trim() }),

    changePassword: ({ oldPassword, newPassword }) =>
      crypto.sendEncrypted(async () =>
        http.post(PERSONAL_ENDPOINTS.changePassword, {
          encryptOldPassword: await crypto.encryptPassword(oldPassword),
          encryptPassword: await crypto.encryptPassword(newPassword),
        }),
      ),
    setTwoStep: (enabled) => http.post(PERSONAL_ENDPOINTS.setTwoStep, { enabled }),
    cancelAccount: ({ account, vCode, confirmText }) => http.post(PERSONAL_ENDPOINTS.cancelAccount, { account, vCode: vCode.trim(), confirmText: confirmText.trim() }),
  };
}
