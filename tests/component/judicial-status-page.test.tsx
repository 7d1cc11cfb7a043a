import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { JUDICIAL_STATUS_TEXT, JudicialStatusPage } from "../../src/pages/judicial/judicial-status-page";
import { registryPath } from "../../src/resources/registry-paths";
import { EXPERT_ENDPOINTS } from "../../src/schema/judicial-expert";
import { COMMISSION, COMMISSION_ROW, INSTITUTION } from "../fixtures/appraisal";
import { ok } from "./account-harness";
import { renderPersonal } from "./personal-harness";

const NOT_AN_EXPERT = { [EXPERT_ENDPOINTS.profile.path]: ok({ isExpert: false, institution: null, expertName: null }) };

function open(user: Record<string, unknown>, script: Parameters<typeof renderPersonal>[0]["script"] = NOT_AN_EXPERT) {
  return renderPersonal({ path: "/judicialStatus?source=judicialExpert", element: <JudicialStatusPage />, user: { token: "tk", timestamp: Date.now(), id: 9, ...user }, script });
}

// The drawer's tables are pro-components, whose first import takes seconds in jsdom.
beforeAll(() => import("@ant-design/pro-components"), 60_000);

describe("/judicialStatus for an account of no institution", () => {
  it("shows who is signed in, the real-name prompt while unverified, what the channel is for and how an institution joins", async () => {
    open({ mobile: "13700000000", realNameStatus: 0 });
    expect(screen.getByRole("heading", { name: "司法鉴定通道" })).toBeInTheDocument();
    expect(screen.getByText("13700000000")).toBeInTheDocument();
    expect(screen.getByText("未认证")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "实名认证很重要，去认证" })).toHaveAttribute("href", registryPath("personal/securityCenter", "authentication"));
    expect(await screen.findByText(JUDICIAL_STATUS_TEXT.notExpert)).toBeInTheDocument();
    expect(screen.getByText(JUDICIAL_STATUS_TEXT.howToJoin)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "进入个人中心" })).toHaveAttribute("href", registryPath("personal/operationPanel"));
  });

  it("shows a verified real name without the prompt", async () => {
    open({ userRealName: "王鉴定", realNameStatus: 2 });
    expect(screen.getByText("王鉴定")).toBeInTheDocument();
    expect(screen.getByText("已认证")).toBeInTheDocument();
    expect(screen.queryByText("实名认证很重要，去认证")).not.toBeInTheDocument();
    expect(await screen.findByText(JUDICIAL_STATUS_TEXT.notExpert)).toBeInTheDocument();
  });
});

describe("/judicialStatus for an institution's expert", () => {
  it("lists the institution's commissions, opens one with its evidence and downloads, and quotes a fee in yuan as fen", async () => {
    const { callsTo } = open(
      { mobile: "13700000001", realNameStatus: 2, userRealName: "李鉴定" },
      {
        [EXPERT_ENDPOINTS.profile.path]: ok({ isExpert: true, institution: INSTITUTION, expertName: "李鉴定" }),
        [EXPERT_ENDPOINTS.list.path]: ok({ list: [COMMISSION_ROW], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 }),
        [EXPERT_ENDPOINTS.detail.path]: [ok({ ...COMMISSION, actions: ["quote", "decline"] }), ok({ ...COMMISSION, state: "quoted", feeFen: 120_050, expectedDays: 10, actions: ["decline"] })],
        [EXPERT_ENDPOINTS.quote.path]: ok({ ...COMMISSION, state: "quoted", feeFen: 120_050, expectedDays: 10, actions: ["decline"] }),
      },
    );
    expect(await screen.findByText("本机构的鉴定委托", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(INSTITUTION.name)).toBeInTheDocument();
    expect(screen.queryByText(JUDICIAL_STATUS_TEXT.notExpert)).not.toBeInTheDocument();
    const row = (await screen.findByText(COMMISSION_ROW.commissionNo, {}, { timeout: 20_000 })).closest("tr")!;
    expect(within(row).getByText("已委托")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "办理" }));

    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText(COMMISSION.evidence[0].certificateNo, {}, { timeout: 20_000 })).toBeInTheDocument();
    const original = within(drawer).getByRole("link", { name: "存证文本" });
    expect(original.getAttribute("href")).toContain(`/webapi${EXPERT_ENDPOINTS.downloadEvidence.path}?`);
    expect(original.getAttribute("href")).toContain(`commissionId=${COMMISSION.id}`);
    expect(within(drawer).getByRole("link", { name: "存证证书" })).toBeInTheDocument();
    expect(within(drawer).getByRole("link", { name: "账本证明" })).toBeInTheDocument();
    expect(within(drawer).getByText("鉴定意见书尚未出具")).toBeInTheDocument();
    expect(within(drawer).getByRole("button", { name: "拒绝委托" })).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole("button", { name: "报价" }));
    // antd's ids are fixed in tests, so the quote's modal is found by its button rather than its title.
    const quote = (await screen.findByRole("button", { name: "提交报价" })).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.type(within(quote).getByRole("spinbutton", { name: "鉴定费（元）" }), "1200.5");
    await userEvent.type(within(quote).getByRole("spinbutton", { name: "预计工期（天）" }), "10");
    await userEvent.click(within(quote).getByRole("button", { name: "提交报价" }));
    await waitFor(() => expect(callsTo(EXPERT_ENDPOINTS.quote.path)).toHaveLength(1));
    expect(callsTo(EXPERT_ENDPOINTS.quote.path)[0].params).toMatchObject({ id: COMMISSION.id, feeFen: 120_050, expectedDays: 10 });
    await waitFor(() => expect(within(drawer).queryByRole("button", { name: "报价" })).not.toBeInTheDocument());
    // The drawer's first render (pro-components' table) is slow beside other files.
  }, 45_000);
});
