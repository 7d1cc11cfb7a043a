import { describe, expect, it } from "vitest";
import type { HttpClient, RequestOptions, RequestParams } from "../../../src/providers/http-client";
import { md5Hex } from "../../../src/providers/login-crypto";
import { createPersonalClient, type PersonalClient } from "../../../src/providers/personal-client";
import { PERSONAL_ENDPOINTS } from "../../../src/schema/personal";
import { PROFILE_ENDPOINTS } from "../../../src/schema/profile-form";
import { fakeLoginCrypto } from "./fake-login-crypto";

/** What the personal client hands the transport for each call: method, endpoint path, fields, and whether multipart. */
function recordingClient() {
  const calls: { method: string; path: string; params: RequestParams; multipart: boolean }[] = [];
  const record = (method: string) => async (path: string, params: RequestParams = {}, options: RequestOptions = {}) => {
    calls.push({ method, path, params, multipart: options.multipart === true });
    return { code: 200, message: "成功", datas: null as never };
  };
  const http: HttpClient = { baseURL: "/webapi", get: record("GET"), post: record("POST") };
  return { personal: createPersonalClient({ http, crypto: fakeLoginCrypto }), calls };
}

const licence = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "licence.png", { type: "image/png" });

describe("personal client: each call goes to its contract endpoint", () => {
  it.each<[string, (client: PersonalClient) => Promise<unknown>, { method: string; path: string; params: RequestParams; multipart: boolean }]>([
    [
      "updateProfile sends the region as three flat fields",
      (client) => client.updateProfile({ industryId: 4, region: { province: "110000", city: "110100", district: "110101" } }),
      { method: "POST", path: PROFILE_ENDPOINTS.updateProfile.path, params: { industryId: 4, province: "110000", city: "110100", district: "110101" }, multipart: false },
    ],
    [
      "uploadAvatar sends the data: URL as a signed multipart field beside uid",
      (client) => client.uploadAvatar(7, "data:image/png;base64,AAAA"),
      { method: "POST", path: PERSONAL_ENDPOINTS.uploadHeadPortrait.path, params: { base64Data: "data:image/png;base64,AAAA", uid: 7 }, multipart: true },
    ],
    [
      "submitEnterprise sends the fields and the licence photo as its file part",
      (client) =>
        client.submitEnterprise({ enterpriseName: "衡证科技有限公司", institutionType: 1, certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1" }, licence),
      {
        method: "POST",
        path: PERSONAL_ENDPOINTS.submitEnterprise.path,
        params: { enterpriseName: "衡证科技有限公司", institutionType: 1, certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1", licenceImage: licence },
        multipart: true,
      },
    ],
    ["isRealName asks with the caller's uid", (client) => client.isRealName(7), { method: "GET", path: PERSONAL_ENDPOINTS.isRealName.path, params: { uid: 7 }, multipart: false }],
    [
      "bindEmail trims what was typed",
      (client) => client.bindEmail({ mail: " a@example.com ", vCode: " 123456 " }),
      { method: "POST", path: PERSONAL_ENDPOINTS.bindEmail.path, params: { mail: "a@example.com", vCode: "123456" }, multipart: false },
    ],
    [
      "changePassword sends both passwords MD5-hashed and encrypted",
      (client) => client.changePassword({ oldPassword: "old12345", newPassword: "new12345" }),
      {
        method: "POST",
        path: PERSONAL_ENDPOINTS.changePassword.path,
        params: { encryptOldPassword: `rsa(${md5Hex("old12345")})`, encryptPassword: `rsa(${md5Hex("new12345")})` },
        multipart: false,
      },
    ],
  ])("%s", async (_case, send, expected) => {
    const { personal, calls } = recordingClient();
    await send(personal);
    expect(calls).toEqual([expected]);
  });
});
