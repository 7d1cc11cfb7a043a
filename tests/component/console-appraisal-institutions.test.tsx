import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customers } from "../../src/resources/console/customers";
import { consolePath } from "../../src/resources/registry-paths";
import { INSTITUTION_ENDPOINTS, INSTITUTION_MESSAGES, type InstitutionDetail } from "../../src/schema/console/appraisal-institutions";
import { OPERATOR_AUTH_ENDPOINTS } from "../../src/schema/console/operator-auth";
import { permissionsOf, type OperatorRole } from "../../src/schema/console/permissions";
import { INSTITUTION } from "../fixtures/appraisal";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";

useDesktopMediaQueries();

const DETAIL = consolePath("customers/appraisalInstitutions", "dataList/institutionInfo");
const TIME = Date.UTC(2026, 10, 20, 2, 30, 0);
const detail = (overrides: Partial<InstitutionDetail> = {}): InstitutionDetail => ({
  ...INSTITUTION,
  acceptsCommissions: true,
  expertCount: 1,
  createTime: TIME,
  experts: [{ userId: 31, name: "李鉴定", account: "13700000031", addTime: TIME }],
  ...overrides,
});

function open(roles: OperatorRole[], script: Record<string, ScriptedAnswer>) {
  const profile = { id: 5, account: "wang.wu", name: "王五", roles, permissions: permissionsOf(roles) };
  return renderConsole({ path: `${DETAIL}?id=${INSTITUTION.id}`, roles, registry: [customers], script: { [OPERATOR_AUTH_ENDPOINTS.me.path]: ok(profile), ...script } });
}

describe("an appraisal institution in the console", () => {
  it("lists its experts and adds one by account, showing the server's refusal first", async () => {
    const view = open(["appraisalAdmin"], {
      [INSTITUTION_ENDPOINTS.one.path]: [ok(detail()), ok(detail({ expertCount: 2, experts: [...detail().experts, { userId: 32, name: "王鉴定", account: "13700000032", addTime: TIME }] }))],
      [INSTITUTION_ENDPOINTS.addExpert.path]: [fail(1001, INSTITUTION_MESSAGES.accountNotFound, null), ok(detail())],
    });
    expect(await screen.findByText("李鉴定", {}, { timeout: 20_000 })).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "添加鉴定人" });
    await userEvent.type(within(form).getByPlaceholderText("手机号、邮箱或登录账号"), "13700009999");
    await userEvent.type(within(form).getByLabelText("鉴定人姓名"), "无此人");
    await userEvent.click(within(form).getByRole("button", { name: "添加鉴定人" }));
    expect(await screen.findByText(INSTITUTION_MESSAGES.accountNotFound)).toBeInTheDocument();

    await userEvent.clear(within(form).getByPlaceholderText("手机号、邮箱或登录账号"));
    await userEvent.type(within(form).getByPlaceholderText("手机号、邮箱或登录账号"), "13700000032");
    await userEvent.click(within(form).getByRole("button", { name: "添加鉴定人" }));
    await waitFor(() => expect(view.callsTo(INSTITUTION_ENDPOINTS.addExpert.path)).toHaveLength(2));
    expect(view.callsTo(INSTITUTION_ENDPOINTS.addExpert.path)[1].params).toMatchObject({ institutionId: INSTITUTION.id, account: "13700000032", name: "无此人" });
    expect(await screen.findByText("王鉴定")).toBeInTheDocument();
  }, 45_000);

  it("stops an institution's commissions after a confirmation, sending its facts unchanged", async () => {
    const view = open(["appraisalAdmin"], {
      [INSTITUTION_ENDPOINTS.one.path]: [ok(detail()), ok(detail({ acceptsCommissions: false }))],
      [INSTITUTION_ENDPOINTS.update.path]: ok(detail({ acceptsCommissions: false })),
    });
    await userEvent.click(await screen.findByRole("button", { name: "暂停受理委托" }, { timeout: 20_000 }));
    await userEvent.click(await screen.findByRole("button", { name: /^确\s?定$/ }));
    await waitFor(() => expect(view.callsTo(INSTITUTION_ENDPOINTS.update.path)).toHaveLength(1));
    expect(view.callsTo(INSTITUTION_ENDPOINTS.update.path)[0].params).toMatchObject({ id: INSTITUTION.id, name: INSTITUTION.name, licenseNo: INSTITUTION.licenseNo, acceptsCommissions: false });
    expect(await screen.findByRole("button", { name: "恢复受理委托" })).toBeInTheDocument();
  }, 45_000);
});
