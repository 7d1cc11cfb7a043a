import { describe, expect, it } from "vitest";
import {
  BusinessLicenceSchema,
  EnterpriseNameSchema,
  isNationalId,
  LitigationPackageQuerySchema,
  nationalIdCheckChar,
  NationalIdSchema,
  OrganisationCodeSchema,
  RealNameSchema,
} from "../../../src/schema/identity";
import { firstMessage, issuesOf } from "./first-issue";

// Check characters computed by hand with ISO 7064 MOD 11-2 (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2).
const VALID_IDS = [
  "11010519491231002X",
  "440304199001011233",
  "310115200002298760", // 29 February of a leap year
  "510107190001010017", // earliest year
  "330106201012315554", // latest year
  "650102198506153211",
  "71010019901010123X",
];

describe("national ID", () => {
  it.each(VALID_IDS)("%s is valid", (id) => {
    expect(isNationalId(id)).toBe(true);
    expect(firstMessage(NationalIdSchema, id)).toBeNull();
  });

  it.each([
    ["11010519491231002", "X"],
    ["44030419900101123", "3"],
    ["11010120100101000", "7"],
  ])("check char of %s is %s", (first17, check) => {
    expect(nationalIdCheckChar(first17)).toBe(check);
  });

  it.each([
    ["", "请输入身份证号码"],
    ["110105194912310021", "请输入正确的身份证号码"], // wrong check digit
    ["440304199001011234", "请输入正确的身份证号码"], // wrong check digit
    ["11010519491231002Y", "请输入正确的身份证号码"],
    ["011010194912310020", "请输入正确的身份证号码"], // area starts with 0
    ["110105189912310027", "请输入正确的身份证号码"], // year 1899
    ["110105201101010024", "请输入正确的身份证号码"], // year 2011
    ["110105199902310024", "请输入正确的身份证号码"], // 31 February
    ["110105190002290022", "请输入正确的身份证号码"], // 1900 is not a leap year
    ["110105199913010024", "请输入正确的身份证号码"], // month 13
    ["11010519491231002", "请输入正确的身份证号码"], // 17 characters
    ["110105491231002", "请输入正确的身份证号码"], // old 15-digit number
  ])("%j → %s", (value, message) => {
    expect(firstMessage(NationalIdSchema, value)).toBe(message);
  });

  it("rejects 19990231 even with a matching check digit", () => {
    const first17 = "11010519990231002";
    expect(isNationalId(first17 + nationalIdCheckChar(first17))).toBe(false);
  });

  it("accepts a lowercase x and stores it uppercase", () => {
    expect(NationalIdSchema.parse(" 11010519491231002x ")).toBe("11010519491231002X");
  });
});

describe("RealNameSchema", () => {
  it.each([
    ["张三", null],
    ["欧阳娜娜", null],
    ["买买提·艾力", null],
    ["阿卜杜·热合曼·买买提", null],
    ["𠇔三", null], // a character outside the basic block
    ["张".repeat(20), null],
    ["", "请输入真实姓名"],
    ["张", "请输入正确的真实姓名"],
    ["张".repeat(21), "请输入正确的真实姓名"],
    ["·张三", "请输入正确的真实姓名"],
    ["张三·", "请输入正确的真实姓名"],
    ["张··三", "请输入正确的真实姓名"],
    ["张三a", "请输入正确的真实姓名"],
    ["张 三", "请输入正确的真实姓名"],
    ["Zhang San", "请输入正确的真实姓名"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(RealNameSchema, value)).toBe(message);
  });
});

describe("EnterpriseNameSchema", () => {
  it.each([
    ["某某公司", null],
    ["阿里巴巴（中国）有限公司", null],
    ["华为技术有限公司(深圳)", null],
    ["TCL科技集团股份有限公司", null],
    ["北京58同城信息技术有限公司", null],
    ["张·李&王-律师事务所", null],
    ["公".repeat(51), null],
    ["", "请输入企业名称"],
    ["公司", "请输入正确的企业名称"],
    ["ABC公司", "请输入正确的企业名称"], // only 2 Chinese characters
    ["公".repeat(52), "请输入正确的企业名称"],
    ["某某 公司", "请输入正确的企业名称"],
    ["某某公司！", "请输入正确的企业名称"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(EnterpriseNameSchema, value)).toBe(message);
  });
});

describe("OrganisationCodeSchema", () => {
  it.each([
    ["12345678-9", null],
    ["MA1234567", null],
    ["", "请输入组织机构代码"],
    ["---", "请输入正确的组织机构代码"],
    ["1234_5678", "请输入正确的组织机构代码"],
    ["组织代码", "请输入正确的组织机构代码"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(OrganisationCodeSchema, value)).toBe(message);
  });
});

describe("BusinessLicenceSchema", () => {
  it.each([
    ["110000012345678", null],
    ["91110000MA01ABCD2X", null],
    ["9111-000_MA01ABCDE", null],
    ["", "请输入营业执照号码"],
    ["11000001234567", "请输入正确的营业执照号码"],
    ["1100000123456789", "请输入正确的营业执照号码"],
    ["91110000MA01ABCD2X1", "请输入正确的营业执照号码"],
    ["91110000MA01ABCD2！", "请输入正确的营业执照号码"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(BusinessLicenceSchema, value)).toBe(message);
  });
});

describe("LitigationPackageQuerySchema", () => {
  it.each([
    [{ certificateNo: "C1", idCardNo: "11010519491231002X", verifyCode: "ab12" }, []],
    [
      { certificateNo: "", idCardNo: " ", verifyCode: undefined },
      ["certificateNo: 请输入证书编号", "idCardNo: 请输入证件号码", "verifyCode: 请输入验证码"],
    ],
  ])("%j → %j", (value, issues) => {
    expect(issuesOf(LitigationPackageQuerySchema, value)).toEqual(issues);
  });
});
