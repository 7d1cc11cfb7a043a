import type { CodePurposeValue } from "../schema/account";
import type { Endpoint, EndpointDatas, EndpointExtra, EndpointInput } from "../schema/contract";
import type { Envelope } from "../schema/envelope";
import { PERSONAL_ENDPOINTS as ENDPOINTS } from "../schema/personal";
import type { PROFILE_ENDPOINTS, ProfileForm } from "../schema/profile-form";
import { sendVerificationCode } from "./account-client";
import { callEndpoint, type HttpClient } from "./http-client";
import type { LoginCrypto } from "./login-crypto";

/**
 * The personal centre's calls (spec §2 /personal, §7 uploadHeadPortrait and isRealName): which
 * endpoint, which fields, which of them encrypted. Every method resolves to the server's envelope;
 * the pages decide what a code means on screen. All of them carry the session token.
 */
type Answer<E extends Endpoint> = Promise<Envelope<EndpointDatas<E>, EndpointExtra<E>>>;

export interface PersonalClient {
  getProfile(): Answer<typeof ENDPOINTS.getProfile>;
  updateProfile(form: ProfileForm): Answer<typeof PROFILE_ENDPOINTS.updateProfile>;
  /** Spec §7: multipart `base64Data` (the cropped image as a data: URL, a signed field), `uid`, `token`. */
  uploadAvatar(uid: number | string, base64Data: string): Answer<typeof ENDPOINTS.uploadHeadPortrait>;
  isRealName(uid: number | string): Answer<typeof ENDPOINTS.isRealName>;
  getRealNameInfo(): Answer<typeof ENDPOINTS.getRealNameInfo>;
  submitRealName(form: EndpointInput<typeof ENDPOINTS.submitRealName>): Answer<typeof ENDPOINTS.submitRealName>;
  getEnterpriseInfo(): Answer<typeof ENDPOINTS.getEnterpriseInfo>;
  /** The photo travels as the file part `licenceImage`, after the signed fields. */
  submitEnterprise(fields: EndpointInput<typeof ENDPOINTS.submitEnterprise>, licenceImage: File): Answer<typeof ENDPOINTS.submitEnterprise>;
  getLicenceImage(applicationId: number): Answer<typeof ENDPOINTS.getLicenceImage>;
  /** A code to a new contact (purpose 4) or to the account's own (purpose 7); both need the session. */
  sendCode(account: string, purpose: CodePurposeValue): Promise<Envelope<null>>;
  bindMobile(form: EndpointInput<typeof ENDPOINTS.bindMobile>): Answer<typeof ENDPOINTS.bindMobile>;
  bindEmail(form: EndpointInput<typeof ENDPOINTS.bindEmail>): Answer<typeof ENDPOINTS.bindEmail>;
  /** Answers the new token: every old one ends with the password change. */
  changePassword(input: { oldPassword: string; newPassword: string }): Answer<typeof ENDPOINTS.changePassword>;
  setTwoStep(enabled: boolean): Answer<typeof ENDPOINTS.setTwoStep>;
  cancelAccount(input: EndpointInput<typeof ENDPOINTS.cancelAccount>): Answer<typeof ENDPOINTS.cancelAccount>;
}

export function createPersonalClient({ http, crypto }: { http: HttpClient; crypto: LoginCrypto }): PersonalClient {
  return {
    getProfile: () => callEndpoint(http, ENDPOINTS.getProfile, {}),
    async updateProfile({ industryId, region }) {
      // The endpoint's input carries the region tree: it loads with the profile form, not with the app.
      const { PROFILE_ENDPOINTS } = await import("../schema/profile-form");
      return callEndpoint(http, PROFILE_ENDPOINTS.updateProfile, { industryId, ...region });
    },
    uploadAvatar: (uid, base64Data) => callEndpoint(http, ENDPOINTS.uploadHeadPortrait, { base64Data, uid }),
    isRealName: (uid) => callEndpoint(http, ENDPOINTS.isRealName, { uid }),
    getRealNameInfo: () => callEndpoint(http, ENDPOINTS.getRealNameInfo, {}),
    submitRealName: (form) => callEndpoint(http, ENDPOINTS.submitRealName, form),
    getEnterpriseInfo: () => callEndpoint(http, ENDPOINTS.getEnterpriseInfo, {}),
    submitEnterprise: (fields, licenceImage) => callEndpoint(http, ENDPOINTS.submitEnterprise, fields, { files: { licenceImage } }),
    getLicenceImage: (applicationId) => callEndpoint(http, ENDPOINTS.getLicenceImage, { applicationId }),

    sendCode: (account, purpose) => sendVerificationCode(http, account, purpose),
    bindMobile: ({ mobile, vCode }) => callEndpoint(http, ENDPOINTS.bindMobile, { mobile: mobile.trim(), vCode: vCode.trim() }),
    bindEmail: ({ mail, vCode }) => callEndpoint(http, ENDPOINTS.bindEmail, { mail: mail.trim(), vCode: vCode.trim() }),

    changePassword: ({ oldPassword, newPassword }) =>
      crypto.sendEncrypted(async () =>
        callEndpoint(http, ENDPOINTS.changePassword, {
          encryptOldPassword: await crypto.encryptPassword(oldPassword),
          encryptPassword: await crypto.encryptPassword(newPassword),
        }),
      ),
    setTwoStep: (enabled) => callEndpoint(http, ENDPOINTS.setTwoStep, { enabled }),
    cancelAccount: ({ account, vCode, confirmText }) => callEndpoint(http, ENDPOINTS.cancelAccount, { account, vCode: vCode.trim(), confirmText: confirmText.trim() }),
  };
}
