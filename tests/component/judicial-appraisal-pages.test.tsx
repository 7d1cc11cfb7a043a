import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { BILLING_ENDPOINTS } from "../../src/schema/billing";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../src/schema/evidence-library";
import { APPRAISAL_ENDPOINTS, APPRAISAL_MESSAGES } from "../../src/schema/judicial-expert";
import { JUDICIAL_PAY_ENDPOINTS } from "../../src/schema/judicial-pay";
import { NOTARIZATION_ENDPOINTS } from "../../src/schema/notarization";
import { PURCHASE_ENDPOINTS } from "../../src/schema/purchase";
import { COMMISSION, COMMISSION_ROW, INSTITUTION } from "../fixtures/appraisal";
import { SEEDED_PRICE_LIST } from "../fixtures/bundle-prices";
import { ok } from "./account-harness";
import { renderPersonal } from "./personal-harness";

const ROUTES = deriveRoutes(REGISTRY);
const open = (path: string, search: string, script: Parameters<typeof renderPersonal>[0]["script"]) =>
  renderPersonal({ path: path + search, element: <SectionRouteElement route={ROUTES.find((route) => route.path === path)!} />, script });
const balance = (fen: number) => ok({ list: { balance: (fen / 100).toFixed(2), balanceFen: fen } });
const QUOTED = { ...COMMISSION_ROW, state: "quoted", feeFen: 120_050, expectedDays: 10 };
const PAYMENT = { id: "r7", kind: "appraisalFee", subject: "司法鉴定委托", amountFen: 120_050, state: "held", createTime: Date.now(), closeTime: null, reference: COMMISSION_ROW.commissionNo, stateNote: "", commissionId: COMMISSION_ROW.id, quantity: null };

// The record and list kinds are built on pro-components, whose first import alone takes seconds in jsdom;
// the first render of each kind is slower still beside other files, hence the longer limit of those tests.
const FIRST_RENDER_MS = 45_000;
beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/kinds/record-page")]), 60_000);

describe("the applicant's appraisal pages", () => {
  it("dataDetail shows what the applicant can do now, the commissioned evidence with its downloads, and the timeline; withdrawing asks first", async () => {
    const { callsTo } = open(registryPath("judicial/judicialExpert", "dataDetail"), `?id=${COMMISSION.id}`, {
      [APPRAISAL_ENDPOINTS.detail.path]: ok({ ...COMMISSION, state: "quoted", feeFen: 120_050, expectedDays: 10, actions: ["pay", "withdraw"] }),
      [APPRAISAL_ENDPOINTS.withdraw.path]: ok({ ...COMMISSION, state: "withdrawn", actions: [] }),
    });
    expect(await screen.findByText(COMMISSION.commissionNo, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText("1,200.5 元")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "支付鉴定费" })).toHaveAttribute("href", `${registryPath("judicial/judicialPay", "addJudicialPay")}?commission=${COMMISSION.id}`);
    expect(screen.getByText(COMMISSION.evidence[0].certificateNo)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "存证文本" }).getAttribute("href")).toContain(`/webapi${EVIDENCE_LIBRARY_ENDPOINTS.downloadItem.path}?`);
    expect(within(screen.getByRole("list", { name: "办理进度" })).getByText("提交委托")).toBeInTheDocument();
    expect(screen.getByText("鉴定意见书尚未出具")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "撤回委托" }));
    await userEvent.click(await screen.findByRole("button", { name: "确认撤回" }));
    await waitFor(() => expect(callsTo(APPRAISAL_ENDPOINTS.withdraw.path)).toHaveLength(1));
    expect(callsTo(APPRAISAL_ENDPOINTS.withdraw.path)[0].params).toMatchObject({ id: COMMISSION.id });
  }, FIRST_RENDER_MS);

  it("dataList's 委托鉴定 checks the form with the server's rules before anything is sent", async () => {
    const { callsTo } = open(registryPath("judicial/judicialExpert", "dataList"), "", {
      [APPRAISAL_ENDPOINTS.list.path]: ok({ list: [COMMISSION_ROW], pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: 1 }),
      [APPRAISAL_ENDPOINTS.institutions.path]: ok([INSTITUTION]),
      [EVIDENCE_LIBRARY_ENDPOINTS.list.path]: ok({ list: [], pageNumber: 1, pageSize: 50, totalPage: 0, totalRow: 0 }),
    });
    const row = (await screen.findByText(COMMISSION_ROW.commissionNo, {}, { timeout: 20_000 })).closest("tr")!;
    expect(within(row).getByRole("link", { name: "详情" })).toHaveAttribute("href", `${registryPath("judicial/judicialExpert", "dataDetail")}?id=${COMMISSION_ROW.id}`);
    await userEvent.click(screen.getByRole("button", { name: /委托鉴定$/ }));
    await userEvent.click(await screen.findByRole("button", { name: "提交委托" }));
    // Each field's rule settles on its own, so each message is waited for.
    expect(await screen.findByText("请选择鉴定机构")).toBeInTheDocument();
    expect(await screen.findByText(APPRAISAL_MESSAGES.noEvidence)).toBeInTheDocument();
    expect(await screen.findByText(APPRAISAL_MESSAGES.mattersRequired)).toBeInTheDocument();
    expect(callsTo(APPRAISAL_ENDPOINTS.create.path)).toHaveLength(0);
  }, FIRST_RENDER_MS);
});

describe("judicial pay's addJudicialPay", () => {
  const PAY_PATH = registryPath("judicial/judicialPay", "addJudicialPay");
  const script = (balanceFen: number) => ({
    [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.parse("2026-11-24T12:00:00+08:00") }),
    [BILLING_ENDPOINTS.getBalance.path]: balance(balanceFen),
    [APPRAISAL_ENDPOINTS.list.path]: ok({ list: [QUOTED], pageNumber: 1, pageSize: 50, totalPage: 1, totalRow: 1 }),
    [PURCHASE_ENDPOINTS.productPrices.path]: ok({ list: SEEDED_PRICE_LIST }),
    [JUDICIAL_PAY_ENDPOINTS.payAppraisalFee.path]: ok(PAYMENT),
  });

  it("with ?commission= chooses that commission; a short balance offers the recharge and keeps the button off", async () => {
    open(PAY_PATH, `?commission=${QUOTED.id}`, script(100_000));
    const radio = await screen.findByRole("radio", { name: new RegExp(QUOTED.commissionNo) }, { timeout: 10_000 });
    expect(radio).toBeChecked();
    expect(await screen.findByText("账户余额不足，请先充值")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "支付鉴定费" })).toBeDisabled();
  });

  it("pays the quoted fee after a confirmation naming it, with the amount the payer saw", async () => {
    const { callsTo } = open(PAY_PATH, `?commission=${QUOTED.id}`, script(1_000_000));
    await screen.findByRole("radio", { name: new RegExp(QUOTED.commissionNo) }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole("button", { name: "支付鉴定费" })).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "支付鉴定费" }));
    expect(await screen.findByText(/支付鉴定费 1,200.5 元/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "确认支付" }));
    expect(await screen.findByText("鉴定费已支付")).toBeInTheDocument();
    expect(callsTo(JUDICIAL_PAY_ENDPOINTS.payAppraisalFee.path)[0].params).toMatchObject({ commissionId: QUOTED.id, feeFen: 120_050 });
    expect(screen.getByRole("link", { name: "查看支付记录" })).toHaveAttribute("href", `${registryPath("judicial/judicialPay", "seeJudicialPay")}?id=r7`);
  });

  it("with ?application= opens the bundles with the one that covers the application's snapshots chosen", async () => {
    const snapshots = Array.from({ length: 12 }, (_, index) => ({ ...COMMISSION.evidence[0], evidenceId: index + 1, kind: "snapshot" }));
    open(PAY_PATH, "?application=9", { ...script(1_000_000), [NOTARIZATION_ENDPOINTS.detail.path]: ok({ applicationNo: "GZ-2026-0009", evidence: snapshots }) });
    expect(await screen.findByText("公证申请 GZ-2026-0009 含 12 条网页快照，已为您选择可覆盖的 30 条快照套餐。", {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("radio", { name: /30条网页快照/ })).toBeChecked());
  });
});
