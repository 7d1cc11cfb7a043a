import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { APP_PATHS } from "../../src/app/path-rules";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { registryPathIn } from "../../src/resources/derive";
import { ADJUSTMENT_MESSAGES, FINANCE_ADJUSTMENT_ENDPOINTS } from "../../src/schema/console/finance-adjustments";
import { PRICE_MESSAGES } from "../../src/schema/console/finance-prices";
import { registerUser } from "../server/support/personal-users";
import { useDesktopMediaQueries } from "./desktop-media";
import { liveConsole } from "./live-console";

/**
 * 财务 in the console as the app mounts it (the real console registry, the generic list, form and
 * record kinds with the finance slots), against the real server listening on a port, signed in as
 * a finance operator.
 */

useDesktopMediaQueries();
vi.setConfig({ testTimeout: 60_000 });

const path = (section: string, page: string) => registryPathIn(CONSOLE_REGISTRY, `finance/${section}`, page, APP_PATHS.console);
const heading = (name: string) => screen.findByRole("heading", { name, level: 4 }, { timeout: 20_000 });
const rowOf = async (text: string) => (await screen.findByText(text, undefined, { timeout: 20_000 })).closest("tr") as HTMLElement;

const live = liveConsole(["finance"], "财务测试");

describe("商品价格", () => {
  it("shows the 2017 launch promotion as a dated promotion; 修改价格 checks the form and saves the new price", async () => {
    live.open(path("prices", "dataList"));
    expect(await heading("商品价格")).toBeInTheDocument();
    const bundle = await rowOf("bundle-10");
    expect(within(bundle).getByText("首发优惠")).toBeInTheDocument();
    expect(within(bundle).getByText("2017-09-15")).toBeInTheDocument();
    expect(within(bundle).getByText("已结束")).toBeInTheDocument();
    expect(within(bundle).getAllByText("2,800.00 元")).toHaveLength(2);
    expect(within(await rowOf("30001")).getAllByText("暂未开售")).toHaveLength(2);

    const u = userEvent.setup();
    await u.click(within(bundle).getByRole("button", { name: "修改价格" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("原价（元）")).toHaveValue("2800");
    await u.clear(within(dialog).getByLabelText("优惠价（元）"));
    await u.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText(PRICE_MESSAGES.promotionIncomplete)).toBeInTheDocument();

    await u.clear(within(dialog).getByLabelText("限时优惠名称"));
    await u.clear(within(dialog).getByLabelText("优惠开始日期（YYYY-MM-DD）"));
    await u.clear(within(dialog).getByLabelText("优惠结束日期（YYYY-MM-DD，含当日）"));
    await u.clear(within(dialog).getByLabelText("原价（元）"));
    await u.type(within(dialog).getByLabelText("原价（元）"), "2000");
    await u.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(async () => expect(within(await rowOf("bundle-10")).getAllByText("2,000.00 元")).toHaveLength(2), { timeout: 20_000 });
    expect((await live.t.app.services.purchase.prices.entry("bundle-10", live.t.clock.now()))!.product).toMatchObject({ regularPriceFen: 200_000, promotion: null });
  });
});

describe("线下合同", () => {
  it("登记合同 records a contract in force; its page shows it; 终止 asks for the reason and ends it", async () => {
    const customer = await registerUser(live.t, "13840000001");
    const view = live.open(path("contracts", "new"));
    expect(await heading("登记合同")).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("合同编号"), "HT-UI-001");
    await u.type(screen.getByLabelText("客户账号"), customer.account);
    await u.type(screen.getByLabelText("签约方"), "北京某某科技有限公司");
    await u.type(screen.getByLabelText("合同开始日期（YYYY-MM-DD）"), "2020-01-01");
    await u.type(screen.getByLabelText("合同结束日期（YYYY-MM-DD，含当日）"), "2019-12-31");
    await u.type(screen.getByLabelText("授信额度（元）"), "5000");
    await u.click(screen.getByRole("button", { name: "提交" }));
    expect(await screen.findByText("合同结束日期不能早于开始日期")).toBeInTheDocument();
    await u.clear(screen.getByLabelText("合同结束日期（YYYY-MM-DD，含当日）"));
    await u.type(screen.getByLabelText("合同结束日期（YYYY-MM-DD，含当日）"), "2099-12-31");
    await u.click(screen.getByRole("button", { name: "提交" }));

    await waitFor(() => expect(view.location()).toBe(path("contracts", "dataList")), { timeout: 20_000 });
    const row = await rowOf("HT-UI-001");
    expect(within(row).getByText("生效中")).toBeInTheDocument();
    expect(within(row).getByText("5,000.00 元")).toBeInTheDocument();
    expect(within(row).getByText(live.operator.account)).toBeInTheDocument();

    await u.click(within(row).getByRole("button", { name: "终止" }));
    const dialog = await screen.findByRole("dialog");
    await u.click(within(dialog).getByRole("button", { name: "确认终止" }));
    expect(await within(dialog).findByText(/请填写终止原因/)).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText("终止原因"), "客户提前解约");
    await u.click(within(dialog).getByRole("button", { name: "确认终止" }));
    await waitFor(async () => expect(within(await rowOf("HT-UI-001")).getByText("已终止")).toBeInTheDocument(), { timeout: 20_000 });
    expect(within(await rowOf("HT-UI-001")).queryByRole("button", { name: "终止" })).not.toBeInTheDocument();

    await u.click(within(await rowOf("HT-UI-001")).getByRole("link", { name: "查看" }));
    expect(await heading("合同详情")).toBeInTheDocument();
    expect(await screen.findByText("客户提前解约", undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText("北京某某科技有限公司")).toBeInTheDocument();
  });
});

describe("余额调整", () => {
  it("调整余额 credits the customer once and lists it; a debit beyond the balance is refused with the reason", async () => {
    const customer = await registerUser(live.t, "13840000002");
    const view = live.open(path("adjustments", "new"));
    expect(await heading("调整余额")).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("客户账号"), customer.account);
    await u.click(screen.getByRole("combobox", { name: "调整方向" }));
    await u.click(screen.getByText("扣减余额", { selector: ".ant-select-item-option-content *" }));
    await u.type(screen.getByLabelText("调整金额（元）"), "10");
    await u.type(screen.getByLabelText("调整原因（客户可见）"), "线下退款冲回");
    await u.click(screen.getByRole("button", { name: "提交" }));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.belowZero(0), undefined, { timeout: 20_000 })).toBeInTheDocument();

    await u.click(screen.getByRole("combobox", { name: "调整方向" }));
    await u.click(screen.getByText("增加余额", { selector: ".ant-select-item-option-content *" }));
    await u.clear(screen.getByLabelText("调整原因（客户可见）"));
    await u.type(screen.getByLabelText("调整原因（客户可见）"), "线下汇款入账");
    await u.click(screen.getByRole("button", { name: "提交" }));
    await waitFor(() => expect(view.location()).toBe(path("adjustments", "dataList")), { timeout: 20_000 });
    const row = await rowOf("线下汇款入账");
    expect(within(row).getByText(customer.account)).toBeInTheDocument();
    expect(within(row).getByText("10.00 元")).toBeInTheDocument();
    expect((await live.t.app.services.billing.journal.balanceOf(customer.id)).availableFen).toBe(1_000);
  });
});

describe("资金 on the customer page", () => {
  it("shows a finance operator the customer's balances, that no contract is in force, and the latest movements", async () => {
    const customer = await registerUser(live.t, "13840000003");
    const adjusted = await live.t.call(FINANCE_ADJUSTMENT_ENDPOINTS.create, { customerAccount: customer.account, direction: "credit", amount: "66", reason: "线下汇款入账", attemptId: "component-money-0001" }, { token: live.operator.token });
    expect(adjusted.json().code).toBe(200);
    const customerPage = registryPathIn(CONSOLE_REGISTRY, "customers/lookup", "dataList/customerInfo", APP_PATHS.console);
    live.open(`${customerPage}?id=${customer.id}`);
    const u = userEvent.setup();
    await u.click(await screen.findByRole("tab", { name: "资金" }, { timeout: 20_000 }));
    expect(await screen.findByText("今日无生效中的线下合同：余额不足时服务将被拒绝", undefined, { timeout: 20_000 })).toBeInTheDocument();
    const available = (await screen.findByText("可用余额")).closest("tr") as HTMLElement;
    expect(within(available).getByText("66.00 元")).toBeInTheDocument();
    const movement = await rowOf("线下汇款入账");
    expect(within(movement).getByText("余额调整")).toBeInTheDocument();
    expect(within(movement).getByText("66.00 元")).toBeInTheDocument();
  });
});
