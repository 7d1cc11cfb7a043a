import { createHash } from "node:crypto";
import { AccountCode } from "../../../src/schema/account.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTARIZATION_ENDPOINTS as USER, NOTARIZATION_MESSAGES } from "../../../src/schema/notarization.js";
import { DEFAULT_NOTARIAL_TEMPLATE, NOTARY_CONSOLE_ENDPOINTS as OFFICE, NOTARY_CONSOLE_MESSAGES, NotaryConsoleCode } from "../../../src/schema/notary-console.js";
import { NOTARY_ENDPOINTS } from "../../../src/schema/notary.js";
import { encryptorFor, solveCaptcha } from "../support/login-client.js";
import type { RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { readZip } from "../support/zip-reader.js";
import { applicationForm, boughtBundle, draftAndSubmit, staffOf, storedSnapshot, verifiedApplicant, type StaffMember } from "./notarization-world.js";

/**
 * The notary office's console through the real app: each office sees and acts on its own
 * applications only (another office's answer "not found" on every call), its register and
 * downloads, its settings and staff, which only its administrators change.
 */
let t: TestApp;
let applicant: RegisteredUser;
let adminA: StaffMember;
let notaryA: StaffMember;
let adminB: StaffMember;
let applicationId: number;
let snapshotId: number;

const call = async (endpoint: Parameters<TestApp["call"]>[0], params: Record<string, unknown>, who: { token: string }) => (await t.call(endpoint, params, { token: who.token })).json();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  applicant = await verifiedApplicant(t, "孙八");
  adminA = await staffOf(t, "衡州市公证处", "hz.admin03");
  notaryA = await staffOf(t, "衡州市公证处", "hz.notary03");
  adminB = await staffOf(t, "临安区公证处", "la.admin01");
  snapshotId = await storedSnapshot(t, applicant, "侵权页面");
  const { id, submitted } = await draftAndSubmit(t, applicant, applicationForm(adminA.officeId, [snapshotId], { bundleId: await boughtBundle(t, applicant) }));
  expect(submitted.code).toBe(200);
  applicationId = id;
}, 60_000);
afterAll(async () => t?.close());

describe("the office's applications", () => {
  it("lists its submitted applications, never drafts, with filters", async () => {
    await call(USER.saveDraft, applicationForm(adminA.officeId, [snapshotId]) as Record<string, unknown>, applicant);
    const list = await call(OFFICE.requestList, { pageNumber: 1, pageSize: 10 }, notaryA);
    expect(list.datas).toMatchObject({ totalRow: 1, list: [{ id: applicationId, state: "submitted", applicantName: "孙八", officeName: "衡州市公证处" }] });
    expect((await call(OFFICE.requestList, { pageNumber: 1, pageSize: 10, state: "accepted" }, notaryA)).datas.totalRow).toBe(0);
    expect((await call(OFFICE.requestList, { pageNumber: 1, pageSize: 10, applicant: "孙" }, notaryA)).datas.totalRow).toBe(1);
    expect((await call(OFFICE.requestList, { pageNumber: 1, pageSize: 10, startTime: "2030-01-01" }, notaryA)).datas.totalRow).toBe(0);
    expect((await call(OFFICE.requestList, { pageNumber: 1, pageSize: 10 }, adminB)).datas.totalRow).toBe(0);
  });

  it("shows the whole application to the office, the applicant's ID number in full", async () => {
    const content = await call(OFFICE.requestContent, { id: applicationId }, notaryA);
    expect(content.datas).toMatchObject({ state: "submitted", applicantName: "孙八", actions: ["accept", "reject"], evidence: [{ evidenceId: snapshotId, kind: "snapshot", ledgerIndex: expect.any(Number) }] });
    expect(content.datas.applicantIdNumber).toMatch(/^\d{17}[\dX]$/);
  });

  it("answers another office's staff 'not found' on every call, and changes nothing", async () => {
    for (const [endpoint, params] of [
      [OFFICE.requestContent, { id: applicationId }],
      [OFFICE.decide, { id: applicationId, action: "accept" }],
      [OFFICE.decide, { id: applicationId, action: "reject", note: "理由" }],
      [OFFICE.previewCertificate, { id: applicationId }],
      [OFFICE.issueCertificate, { id: applicationId }],
      [OFFICE.downloadCertificate, { id: applicationId }],
      [OFFICE.downloadEvidence, { id: applicationId, evidenceId: snapshotId }],
      [OFFICE.downloadPackage, { id: applicationId }],
      [OFFICE.downloadMaterial, { id: applicationId, materialId: 1 }],
    ] as const) {
      const answer = await call(endpoint, params, adminB);
      expect(answer, endpoint.path).toMatchObject({ code: 404, message: NOTARIZATION_MESSAGES.notFound });
      expect(JSON.stringify(answer)).not.toContain("孙八");
    }
    expect((await call(OFFICE.requestContent, { id: applicationId }, notaryA)).datas.state).toBe("submitted");
  });

  it("downloads one covered evidence (a snapshot's package) and the whole application as a ZIP with its manifest", async () => {
    const record = (await t.app.services.evidence.getForHolder(applicant.id, snapshotId))!;
    const one = await t.call(OFFICE.downloadEvidence, { id: applicationId, evidenceId: snapshotId }, { token: notaryA.token });
    expect(createHash("sha256").update(one.rawPayload).digest("hex")).toBe(record.sha256);
    expect(await call(OFFICE.downloadEvidence, { id: applicationId, evidenceId: snapshotId + 1000 }, notaryA)).toMatchObject({ code: 404 });

    const zip = await t.call(OFFICE.downloadPackage, { id: applicationId }, { token: notaryA.token });
    expect(zip.headers["content-type"]).toContain("application/zip");
    const entries = readZip(zip.rawPayload);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString("utf8"));
    expect(manifest.items).toEqual([expect.objectContaining({ name: "侵权页面", sha256: record.sha256, certificateNo: record.certificateNo, ledgerIndex: record.ledgerIndex })]);
    const content = entries.get(manifest.items[0].files.content)!;
    expect(createHash("sha256").update(content).digest("hex")).toBe(record.sha256);
  });
});

describe("settings", () => {
  const profile = {
    region: "浙江省衡州市",
    address: "衡州市人民路 8 号",
    phone: "0571-88886666",
    introduction: "本处受理在线公证",
    feeYuan: "280.5",
    acceptsApplications: true,
    templateTitle: "公证书",
    templateBody: DEFAULT_NOTARIAL_TEMPLATE.body,
    templateFooter: DEFAULT_NOTARIAL_TEMPLATE.footer,
  };

  it("shows every staff member the office's settings; only an administrator may change them", async () => {
    expect((await call(OFFICE.setting, {}, notaryA)).datas).toMatchObject({ name: "衡州市公证处", canEdit: false, seal: null, templateBody: DEFAULT_NOTARIAL_TEMPLATE.body });
    for (const [endpoint, params] of [
      [OFFICE.saveSetting, profile],
      [OFFICE.issueSeal, {}],
      [OFFICE.addStaff, { account: "hz.new01", name: "新人", role: "notary", encryptPassword: "x" }],
      [OFFICE.setStaffStatus, { id: adminA.id, status: "disabled" }],
    ] as const) {
      expect(await call(endpoint, params, notaryA), endpoint.path).toMatchObject({ code: NotaryConsoleCode.adminOnly, message: NOTARY_CONSOLE_MESSAGES.adminOnly });
    }
    const saved = await call(OFFICE.saveSetting, profile, adminA);
    expect(saved.datas).toMatchObject({ feeFen: 28_050, phone: "0571-88886666", acceptsApplications: true, canEdit: true });
    expect((await call(USER.offices, {}, applicant)).datas).toContainEqual(expect.objectContaining({ name: "衡州市公证处", feeFen: 28_050 }));
  });

  it("refuses a template with a placeholder it cannot fill, and a fee below the fen", async () => {
    expect(await call(OFFICE.saveSetting, { ...profile, templateBody: "申请人{姓名}" }, adminA)).toMatchObject({
      code: 1001,
      message: NOTARY_CONSOLE_MESSAGES.templateUnknownPlaceholder("姓名"),
      extraData: { errors: { templateBody: NOTARY_CONSOLE_MESSAGES.templateUnknownPlaceholder("姓名") } },
    });
    expect(await call(OFFICE.saveSetting, { ...profile, feeYuan: "1.005" }, adminA)).toMatchObject({ code: 1001, extraData: { errors: { feeYuan: expect.any(String) } } });
    expect((await call(OFFICE.setting, {}, adminA)).datas.feeFen).toBe(28_050);
  });
});

describe("staff", () => {
  it("lists the office's staff only", async () => {
    const staff = await call(OFFICE.staffList, {}, notaryA);
    expect(staff.datas.map((row: { account: string; role: string }) => [row.account, row.role])).toEqual([
      ["hz.admin03", "admin"],
      ["hz.notary03", "notary"],
    ]);
  });

  it("adds an account whose password signs in, and refuses a taken account", async () => {
    const { encrypt, encryptPassword } = await encryptorFor(t);
    const added = await call(OFFICE.addStaff, { account: "hz.new02", name: "周九", role: "notary", encryptPassword: encryptPassword("gongzheng456") }, adminA);
    expect(added.datas).toMatchObject({ account: "hz.new02", name: "周九", role: "notary", status: "active", lastLoginTime: null });
    const captcha = await solveCaptcha(t);
    const login = await t.call(NOTARY_ENDPOINTS.login, { encryptAccount: encrypt("hz.new02"), encryptPassword: encryptPassword("gongzheng456"), vcode: captcha.answer }, { cookies: captcha.cookies, ip: "10.9.0.1" });
    expect(login.json()).toMatchObject({ code: 200, datas: { notaryUser: { account: "hz.new02", officeName: "衡州市公证处" } } });
    expect(await call(OFFICE.addStaff, { account: "hz.new02", name: "重名", role: "notary", encryptPassword: encryptPassword("gongzheng456") }, adminA)).toMatchObject({ code: AccountCode.accountAlreadyRegistered, message: "公证处账号 hz.new02 已存在" });
  });

  it("disables an account (its sessions end at once) and restores it; never oneself nor the last administrator", async () => {
    expect(await call(OFFICE.setStaffStatus, { id: adminA.id, status: "disabled" }, adminA)).toMatchObject({ code: 1001, message: NOTARY_CONSOLE_MESSAGES.selfDisable });
    expect(await call(OFFICE.setStaffStatus, { id: adminB.id, status: "disabled" }, adminA)).toMatchObject({ code: 404, message: NOTARY_CONSOLE_MESSAGES.staffNotFound });

    const disabled = await call(OFFICE.setStaffStatus, { id: notaryA.id, status: "disabled" }, adminA);
    expect(disabled.datas).toMatchObject({ id: notaryA.id, status: "disabled" });
    expect((await call(OFFICE.requestList, { pageNumber: 1, pageSize: 10 }, notaryA)).code).toBe(3013);
    expect((await call(OFFICE.setStaffStatus, { id: notaryA.id, status: "active" }, adminA)).datas.status).toBe("active");

    // Two administrators disabling each other at once: the one whose change comes second finds itself the last administrator's.
    const second = await staffOf(t, "衡州市公证处", "hz.admin04", "admin");
    const staleSecond = (await t.app.services.notary.users.findById(second.id))!;
    expect((await call(OFFICE.setStaffStatus, { id: second.id, status: "disabled" }, adminA)).datas.status).toBe("disabled");
    await expect(t.app.services.notary.staff.setStatus(staleSecond, adminA.id, "disabled")).rejects.toMatchObject({ code: 1001, message: NOTARY_CONSOLE_MESSAGES.lastAdmin });
    expect((await call(OFFICE.staffList, {}, adminA)).datas.find((row: { id: number }) => row.id === adminA.id).status).toBe("active");
  });
});

describe("the register", () => {
  it("is empty for an office that issued nothing", async () => {
    expect((await call(OFFICE.issuedList, { pageNumber: 1, pageSize: 10 }, adminB)).datas).toMatchObject({ totalRow: 0, list: [] });
  });
});
