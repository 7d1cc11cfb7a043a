import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHILD_ACCOUNT_ENDPOINTS } from "../../src/schema/child-account.js";
import { AVATAR_MAX_BYTES } from "../../src/schema/constants.js";
import { webapiPath } from "../../src/schema/contract.js";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal.js";
import { PROFILE_ENDPOINTS } from "../../src/schema/profile-form.js";
import { postMultipart } from "./support/multipart.js";
import { registerUser, userInfoOf, type RegisteredUser } from "./support/personal-users.js";
import { gradientPng, pngDataUrl } from "./support/png-image.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const UPLOAD = webapiPath(PERSONAL_ENDPOINTS.uploadHeadPortrait);
let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  owner = await registerUser(t, "13900000001");
  other = await registerUser(t, "other@example.com");
});
afterAll(async () => t.close());

const upload = (base64Data: string | undefined, user = owner, uid = user.id) =>
  postMultipart(t, UPLOAD, { ...(base64Data === undefined ? {} : { base64Data }), uid: String(uid) }, { token: user.token });

describe("uploadHeadPortrait (multipart base64Data, uid, token)", () => {
  it("saves a cropped PNG, answers 保存成功 with the new path, and getUserInfo shows it", async () => {
    const png = gradientPng(160, 160);
    const response = await upload(pngDataUrl(png));
    const sha256 = createHash("sha256").update(png).digest("hex");
    expect(response.json()).toMatchObject({ code: 200, message: "保存成功", datas: { headPortraitPath: `/files/avatar/${sha256}` } });
    expect((await userInfoOf(t, owner)).headPortraitPath).toBe(`/files/avatar/${sha256}`);

    const image = await t.app.inject({ method: "GET", url: `/files/avatar/${sha256}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toContain("immutable");
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it("accepts a JPEG, recognised by its bytes", async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const response = (await upload(`data:image/jpeg;base64,${jpeg.toString("base64")}`)).json();
    expect(response.code).toBe(200);
    const served = await t.app.inject({ method: "GET", url: response.datas.headPortraitPath });
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it.each([
    ["no base64Data at all", undefined, "请上传图片"],
    ["text that is no data: URL", "hello", "请上传图片"],
    ["an empty image", "data:image/png;base64,", "请上传图片"],
    ["a GIF", `data:image/gif;base64,${Buffer.from("GIF89a").toString("base64")}`, "您选择的文件格式有误"],
    ["PNG declared but other bytes", `data:image/png;base64,${Buffer.from("not an image at all").toString("base64")}`, "您选择的文件格式有误"],
  ])("refuses %s with the spec's message and changes nothing", async (_case, base64Data, message) => {
    const before = (await userInfoOf(t, owner)).headPortraitPath;
    expect((await upload(base64Data)).json()).toMatchObject({ code: 1001, message, extraData: { errors: { base64Data: message } } });
    expect((await userInfoOf(t, owner)).headPortraitPath).toBe(before);
  });

  it("refuses one byte over 2097152 bytes as 文件超出大小限制, and a far larger field too", async () => {
    const oneOver = Buffer.concat([gradientPng(4, 4), Buffer.alloc(AVATAR_MAX_BYTES + 1 - gradientPng(4, 4).length)]);
    expect((await upload(pngDataUrl(oneOver))).json()).toMatchObject({ code: 1001, message: "文件超出大小限制" });
    const huge = Buffer.concat([gradientPng(4, 4), Buffer.alloc(3 * AVATAR_MAX_BYTES)]);
    const cut = await upload(pngDataUrl(huge));
    expect(cut.statusCode).toBe(413);
    expect(cut.json()).toMatchObject({ code: 413, message: "文件超出大小限制" });
  });

  it("accepts exactly 2097152 bytes", async () => {
    const exact = Buffer.concat([gradientPng(4, 4), Buffer.alloc(AVATAR_MAX_BYTES - gradientPng(4, 4).length, 1)]);
    expect((await upload(pngDataUrl(exact))).json().code).toBe(200);
  });

  it("refuses a uid that is not the caller's own, and a call without a session", async () => {
    const before = (await userInfoOf(t, other)).headPortraitPath;
    expect((await upload(pngDataUrl(gradientPng(8, 8)), owner, other.id)).json()).toMatchObject({ code: 1001, message: "用户信息与当前登录不一致" });
    expect((await userInfoOf(t, other)).headPortraitPath).toBe(before);
    const anonymous = await postMultipart(t, UPLOAD, { base64Data: pngDataUrl(gradientPng(8, 8)), uid: String(owner.id) });
    expect(anonymous.json().code).toBe(102);
  });

  it("serves only published avatars: an unknown hash is 404", async () => {
    const response = await t.app.inject({ method: "GET", url: `/files/avatar/${"0".repeat(64)}` });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/files/avatar/../platform.sqlite" })).statusCode).not.toBe(200);
  });
});

describe("the signature of a multipart body", () => {
  it("covers the fields: a field changed after signing is refused (4002)", async () => {
    const response = await postMultipart(t, UPLOAD, { base64Data: pngDataUrl(gradientPng(8, 8)), uid: String(owner.id) }, {
      token: owner.token,
      signedFields: { base64Data: pngDataUrl(gradientPng(9, 9)), uid: String(owner.id), token: owner.token },
    });
    expect(response.json().code).toBe(4002);
  });

  it("leaves file parts out: a request signed over its fields alone passes", async () => {
    const response = await postMultipart(
      t,
      webapiPath(PERSONAL_ENDPOINTS.submitEnterprise),
      { enterpriseName: "衡证测试科技有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: "91110000MA01ABCD2X" },
      { token: other.token, files: [{ name: "licenceImage", filename: "licence.png", contentType: "image/png", content: gradientPng(32, 20) }] },
    );
    expect(response.json()).toMatchObject({ code: 200, datas: { status: 1 } });
  });
});

describe("profile: industry and region", () => {
  const update = (body: Record<string, unknown>, user = owner) => t.call(PROFILE_ENDPOINTS.updateProfile, body, { token: user.token });

  it("starts empty and saves an industry from the list and a district of the region tree", async () => {
    const empty = (await t.call(PERSONAL_ENDPOINTS.getProfile, {}, { token: owner.token })).json();
    expect(empty.datas).toMatchObject({ industryId: null, region: null, twoStepEnabled: false, childAccountName: null, userInfo: { id: owner.id } });

    const saved = (await update({ industryId: 4, province: "110000", city: "110100", district: "110101" })).json();
    expect(saved).toMatchObject({ code: 200, datas: { industryId: 4, region: { province: "110000", city: "110100", district: "110101" } } });
    const again = (await t.call(PERSONAL_ENDPOINTS.getProfile, {}, { token: owner.token })).json();
    expect(again.datas.region.district).toBe("110101");
  });

  it.each([
    [{ industryId: 31, province: "110000", city: "110100", district: "110101" }, "industryId", "请选择所属行业"],
    [{ province: "110000", city: "110100", district: "110101" }, "industryId", "请选择所属行业"],
    [{ industryId: 4, province: "110000", city: "110100", district: "310101" }, "district", "请选择正确的省市区"],
    [{ industryId: 4, province: "110000", city: "110100", district: "" }, "district", "请选择区县"],
  ])("refuses %j with a message on %s and changes nothing", async (body, field, message) => {
    const response = (await update(body)).json();
    expect(response.code).toBe(1001);
    expect(response.extraData.errors[field]).toBe(message);
    const profile = (await t.call(PERSONAL_ENDPOINTS.getProfile, {}, { token: owner.token })).json().datas;
    expect(profile).toMatchObject({ industryId: 4, region: { district: "110101" } });
  });

  it("is listed in the OpenAPI document with the personal centre's calls", async () => {
    const paths = Object.keys((await t.app.inject({ method: "GET", url: "/opendocs/json" })).json().paths);
    expect(paths).toEqual(expect.arrayContaining([UPLOAD, webapiPath(PERSONAL_ENDPOINTS.isRealName), webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), webapiPath(CHILD_ACCOUNT_ENDPOINTS.list)]));
  });
});
