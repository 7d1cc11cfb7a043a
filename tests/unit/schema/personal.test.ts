import { describe, expect, it } from "vitest";
import { CreateChildAccountFormSchema } from "../../../src/schema/child-account";
import { nationalIdCheckChar } from "../../../src/schema/identity";
import { CancellationFormSchema, EnterpriseFieldsSchema, maskNationalId, RealNameFormSchema } from "../../../src/schema/personal";
import { PROFILE_ENDPOINTS, ProfileFormSchema } from "../../../src/schema/profile-form";

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("personal-centre schemas", () => {
  it.each([
    ["110101199003077718", "1101**********7718"],
    ["11010119900307771X", "1101**********771X"],
  ])("masks %s as %s", (id, masked) => expect(maskNationalId(id)).toBe(masked));

  it("accepts a real name and a valid national ID (lower-case x upper-cased)", () => {
    const first17 = "11010519491231002";
    const id = first17 + nationalIdCheckChar(first17);
    expect(RealNameFormSchema.parse({ realName: " 买买提·艾力 ", idNumber: id.toLowerCase() })).toEqual({ realName: "买买提·艾力", idNumber: id });
  });

  it.each([
    [{ enterpriseName: "衡证科技有限公司", institutionType: 2, certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1" }, {}],
    [{ enterpriseName: "衡证科技有限公司", institutionType: "3", certificateKind: "organisationCode", certificateNumber: "12345678-9" }, {}],
    [{ enterpriseName: "AB", institutionType: 0, certificateKind: "businessLicence", certificateNumber: "123" }, {
      enterpriseName: "请输入正确的企业名称",
      institutionType: "请选择机构类型",
      certificateNumber: "请输入正确的营业执照号码",
    }],
    [{ enterpriseName: "衡证科技有限公司", institutionType: 1, certificateKind: "organisationCode", certificateNumber: "" }, { certificateNumber: "请输入组织机构代码" }],
  ])("checks the enterprise fields %j", (form, expected) => {
    expect(messagesOf(EnterpriseFieldsSchema.safeParse(form))).toEqual(expected);
  });

  it("requires industry and a matching region", () => {
    expect(messagesOf(ProfileFormSchema.safeParse({ region: { province: "110000", city: "110100", district: "110101" } }))).toEqual({ industryId: "请选择所属行业" });
    expect(messagesOf(ProfileFormSchema.safeParse({ industryId: 30, region: { province: "110000", city: "310100", district: "110101" } }))).toEqual({
      "region.district": "请选择正确的省市区",
    });
  });

  it("updateProfile's flat body reports a wrong industry and a mismatched region together", () => {
    expect(messagesOf(PROFILE_ENDPOINTS.updateProfile.input.safeParse({ province: "110000", city: "110100", district: "310101" }))).toEqual({
      industryId: "请选择所属行业",
      district: "请选择正确的省市区",
    });
    expect(PROFILE_ENDPOINTS.updateProfile.input.parse({ industryId: "4", province: "110000", city: "110100", district: "110101" })).toEqual({
      industryId: 4,
      province: "110000",
      city: "110100",
      district: "110101",
    });
  });

  it("asks for 确认注销 typed exactly", () => {
    expect(messagesOf(CancellationFormSchema.safeParse({ vCode: "123456", confirmText: "注销" }))).toEqual({ confirmText: "请输入“确认注销”" });
    expect(CancellationFormSchema.safeParse({ vCode: "123456", confirmText: " 确认注销 " }).success).toBe(true);
  });

  it("checks a child account's login account, name and initial password", () => {
    expect(messagesOf(CreateChildAccountFormSchema.safeParse({ account: "abc", name: "", passWord: "abc123", confirmPassword: "abc124" }))).toEqual({
      account: "请输入正确的手机号或邮箱",
      name: "请输入子账号名称",
      confirmPassword: "两次输入的密码不一致",
    });
  });
});
