import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp } from "antd";
import { beforeAll, describe, expect, it } from "vitest";
import { DecisionBar } from "../../src/pages/notary/decision-bar";
import { NotarizationTimeline } from "../../src/pages/notarization/notarization-timeline";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { registryPath } from "../../src/resources/registry-paths";
import { NOTARIZATION_ENDPOINTS, type NotarizationDetail, type NotarizationEvent } from "../../src/schema/notarization";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../src/schema/notary-console";
import { PURCHASE_ENDPOINTS } from "../../src/schema/purchase";
import { fail, ok, scriptedHttpClient } from "./account-harness";
import { MAIN_ACCOUNT, renderPersonal } from "./personal-harness";
import { RefineHarness } from "./refine-harness";

const LIST = registryPath("judicial/notarization", "dataList");
const listRoute = deriveRoutes(REGISTRY).find((route) => route.path === LIST)!;
const VERIFIED = { ...MAIN_ACCOUNT, realNameStatus: 2, userRealName: "王公证" };
const OFFICE = { id: 4, name: "衡州市公证处", region: "浙江省衡州市", address: "中山路 1 号", phone: "0571-88886666", feeFen: null, introduction: "" };
const BUNDLE = { id: 21, productCode: "bundle-10", name: "1次公证 + 10条网页快照", snapshotLimit: 10, status: "active", purchasedAt: Date.parse("2026-11-01"), expiresAt: Date.parse("2027-01-30") };

const covered = (evidenceId: number, kind: "file" | "snapshot") => ({
  evidenceId,
  kind,
  name: kind === "file" ? "合同.pdf" : `侵权网页 ${evidenceId}`,
  certificateNo: `HZ${String(evidenceId).padStart(22, "0")}`,
  sha256: "a".repeat(64),
  sm3: "b".repeat(64),
  size: 1024,
  createTime: Date.parse("2026-11-20"),
  ledgerIndex: evidenceId,
});

const DRAFT: NotarizationDetail = {
  id: 5,
  applicationNo: "GZSQ20261122000005",
  state: "draft",
  officeName: OFFICE.name,
  applicantName: "",
  purpose: "litigation",
  evidenceCount: 3,
  payment: "fee",
  createTime: Date.parse("2026-11-22"),
  submitTime: null,
  updateTime: Date.parse("2026-11-22"),
  applicantType: "person",
  applicantIdNumber: "",
  useDescription: "",
  office: OFFICE,
  contactName: "王公证",
  contactMobile: "13800000007",
  contactEmail: null,
  address: null,
  bundleId: null,
  feeFen: null,
  evidence: [covered(31, "file"), covered(32, "snapshot"), covered(33, "snapshot")],
  events: [],
  materials: [],
  openMaterialRequest: null,
  certificate: null,
  actions: ["submit", "withdraw"],
};

const SCRIPT = {
  [NOTARIZATION_ENDPOINTS.list.path]: ok({ list: [], pageNumber: 1, pageSize: 10, totalPage: 0, totalRow: 0 }),
  [NOTARIZATION_ENDPOINTS.offices.path]: ok([OFFICE]),
  [PURCHASE_ENDPOINTS.myPackages.path]: ok({ packages: [], bundles: [BUNDLE, { ...BUNDLE, id: 22, status: "frozen" }] }),
  [NOTARIZATION_ENDPOINTS.detail.path]: ok(DRAFT),
};

function openApplication(search: string, user: Record<string, unknown> = VERIFIED) {
  return renderPersonal({ path: `${LIST}${search}`, element: <SectionRouteElement route={listRoute} />, script: SCRIPT, user });
}

// The list and the drawer are built on pro-components and antd's form: load them once before any test's clock starts.
beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/notarization/application-drawer")]), 60_000);

describe("the notarisation application form", () => {
  it("shows each missing field's Chinese message from the call's schema and sends nothing", async () => {
    const { callsTo } = openApplication("?apply=new");
    const drawer = within(await screen.findByRole("dialog", { name: "申请公证" }, { timeout: 10_000 }));
    await userEvent.setup().click(await drawer.findByRole("button", { name: "提交申请" }));
    for (const message of ["请选择要公证的证据", "请选择公证用途", "请选择公证处", "请选择支付方式"]) expect(await drawer.findByText(message)).toBeInTheDocument();
    // What is filled from the account stays valid: the contact and the applicant type.
    expect(drawer.getByLabelText("联系人")).toHaveValue("王公证");
    expect(drawer.getByText("申请人：王公证（提交时以认证信息为准）")).toBeInTheDocument();
    expect(callsTo(NOTARIZATION_ENDPOINTS.saveDraft.path)).toHaveLength(0);
    expect(callsTo(NOTARIZATION_ENDPOINTS.submit.path)).toHaveLength(0);
  });

  it("a wrong mobile gets its message at the field; an unverified applicant gets the spec's prompt with its link", async () => {
    openApplication("?apply=new", { ...MAIN_ACCOUNT, realNameStatus: 1 });
    const drawer = within(await screen.findByRole("dialog", { name: "申请公证" }, { timeout: 10_000 }));
    const u = userEvent.setup();
    const mobile = await drawer.findByLabelText("联系电话");
    await u.clear(mobile);
    await u.type(mobile, "12345");
    await u.tab();
    expect(await drawer.findByText("请输入正确的手机号")).toBeInTheDocument();
    const prompt = drawer.getByRole("link", { name: "实名认证很重要，去认证" });
    expect(prompt).toHaveAttribute("href", registryPath("personal/securityCenter", "authentication"));
    expect(prompt.closest(".ant-alert")).toHaveTextContent("以个人名义申请公证须先完成实名认证，实名认证很重要，去认证");
  });

  it("says live whether the chosen evidence may use the bundle, and submits nothing the rule refuses", async () => {
    const { callsTo } = openApplication("?apply=5");
    const drawer = within(await screen.findByRole("dialog", { name: /继续填写公证申请/ }, { timeout: 10_000 }));
    const u = userEvent.setup();
    await u.click(await drawer.findByLabelText("使用公证套餐"));
    await u.click(drawer.getByLabelText("公证套餐", { exact: true }));
    // Only the active bundle is offered.
    expect(screen.getAllByText(/1次公证 \+ 10条网页快照（快照上限 10 条/)).toHaveLength(1);
    await u.click(screen.getByText(/1次公证 \+ 10条网页快照（快照上限 10 条/));
    expect(await drawer.findByTestId("bundle-rule")).toHaveTextContent("公证套餐仅适用于快照证据");

    await u.click(drawer.getByRole("button", { name: "提交申请" }));
    expect(await drawer.findByText("公证套餐仅适用于快照证据", { selector: ".ant-form-item-explain-error" })).toBeInTheDocument();
    expect(callsTo(NOTARIZATION_ENDPOINTS.saveDraft.path)).toHaveLength(0);

    // Without the file, two snapshots of one page each fit a bundle of ten.
    await u.click(drawer.getByRole("button", { name: "移除 合同.pdf" }));
    await waitFor(() => expect(drawer.getByTestId("bundle-rule")).toHaveTextContent("所选证据符合套餐使用规则：2 条网页快照，每条一个网页，不超过 10 条。"));
  });
});

describe("the progress timeline", () => {
  const event = (id: number, fields: Partial<NotarizationEvent>): NotarizationEvent => ({
    id,
    action: "submit",
    fromState: "draft",
    toState: "submitted",
    actor: "applicant",
    actorName: "王公证",
    note: null,
    time: Date.parse("2026-11-22T02:00:00Z"),
    ledgerIndex: 40,
    ...fields,
  });

  it("lists every change with its time, actor, note and ledger entry, oldest first", () => {
    render(
      <NotarizationTimeline
        events={[
          event(1, {}),
          event(2, { action: "requestMaterial", fromState: "reviewing", toState: "supplementing", actor: "notary", actorName: "公证员 周公证", note: "请补充委托书原件扫描件", time: Date.parse("2026-11-23T03:30:00Z"), ledgerIndex: null }),
        ]}
      />,
    );
    const items = screen.getAllByTestId("timeline-event");
    expect(items.map((item) => item.getAttribute("data-action"))).toEqual(["submit", "requestMaterial"]);
    expect(items[0]).toHaveTextContent("提交申请已提交2026-11-22 10:00:00 · 王公证账本序号 40");
    expect(items[1]).toHaveTextContent("要求补充材料待补充材料2026-11-23 11:30:00 · 公证员 周公证请补充委托书原件扫描件账本记录写入中");
  });

  it("says so when there is nothing yet", () => {
    render(<NotarizationTimeline events={[]} />);
    expect(screen.getByText("暂无办理记录")).toBeInTheDocument();
  });
});

describe("the notary's decision buttons", () => {
  const DECIDE = NOTARY_CONSOLE_ENDPOINTS.decide.path;

  function renderDecisions(actions: NotarizationDetail["actions"], answer = ok({ ...DRAFT, state: "rejected" })) {
    const sessionStore = createSessionStore(createMemoryStorage());
    sessionStore.setNotary({ id: 3, token: "ntk", timestamp: Date.now(), name: "周公证", officeName: OFFICE.name });
    const scripted = scriptedHttpClient({ [DECIDE]: answer });
    let decided = 0;
    render(
      <RefineHarness
        path="/info/notaryRequests/requestList/infoAudit"
        sessionStore={sessionStore}
        http={scripted.http}
        element={
          <AntdApp>
            <DecisionBar application={{ ...DRAFT, state: "reviewing", actions }} onDecided={() => (decided += 1)} />
          </AntdApp>
        }
      />,
    );
    return { ...scripted, decided: () => decided };
  }

  it("offers only the decisions the detail lists", () => {
    renderDecisions(["requestMaterial", "approve", "reject"]);
    expect(within(screen.getByLabelText("审核操作")).getAllByRole("button").map((button) => button.textContent)).toEqual(["要求补充材料", "审核通过", "驳回"]);
  });

  it("a rejection needs its reason, is confirmed with what follows, and is sent once", async () => {
    const view = renderDecisions(["requestMaterial", "approve", "reject"]);
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "驳回" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText(/公证套餐恢复可用，预扣的公证费退回申请人余额/)).toBeInTheDocument();
    await u.click(dialog.getByRole("button", { name: "确认驳回" }));
    expect(await dialog.findByText("请填写驳回理由")).toBeInTheDocument();
    expect(view.callsTo(DECIDE)).toHaveLength(0);

    await u.type(dialog.getByLabelText("驳回理由"), "所附网页与申请用途无关");
    await u.click(dialog.getByRole("button", { name: "确认驳回" }));
    await waitFor(() => expect(view.decided()).toBe(1));
    expect(view.callsTo(DECIDE)).toHaveLength(1);
    expect(view.callsTo(DECIDE)[0].params).toMatchObject({ id: DRAFT.id, action: "reject", note: "所附网页与申请用途无关" });
  });

  it("the server's refusal stays in the dialog", async () => {
    const view = renderDecisions(["accept"], fail(3603, "公证申请当前状态为“已撤回”，不能受理"));
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "受理" }));
    await u.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "确认受理" }));
    expect(await screen.findByText("公证申请当前状态为“已撤回”，不能受理")).toBeInTheDocument();
    expect(view.decided()).toBe(0);
  });
});
