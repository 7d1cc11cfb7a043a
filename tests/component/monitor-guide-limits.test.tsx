import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { ACCOUNT_LIMIT_MESSAGES, BILLING_ENDPOINTS } from "../../src/schema/billing";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { disabledLinkButton } from "./disabled-link-button";
import { MAIN_ACCOUNT, renderPersonal } from "./personal-harness";

const GUIDE = deriveRoutes(REGISTRY).find((route) => route.path === "/monitor/text/guidance")!;

/** The guide, once its lazily loaded page kind and texts are on screen. */
async function openGuide(script: Record<string, ScriptedAnswer>) {
  const rendered = renderPersonal({ path: GUIDE.path, element: <SectionRouteElement route={GUIDE} />, script });
  expect(await screen.findByRole("heading", { name: "监测指引", level: 4 }, { timeout: 10_000 })).toBeInTheDocument();
  return rendered;
}

const balance = (fen: number) => ok({ list: { balance: (fen / 100).toFixed(2), balanceFen: fen } });

// jsdom lays nothing out, so it has no scrollIntoView; the pricing action calls it.
const scrollIntoView = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  scrollIntoView.mockReset();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe("the information-monitoring guide's actions (spec §2, §4)", () => {
  it("offers recharge with the balance, new monitoring, the results and the price panel when the account may monitor", async () => {
    const { calls } = await openGuide({ [BILLING_ENDPOINTS.getBalance.path]: balance(30_000), [BILLING_ENDPOINTS.accountStatus.path]: ok() });
    expect(await screen.findByRole("link", { name: "余额 300.00 元，继续充值" })).toHaveAttribute("href", "/personal/expenseCenter/onlineCharge");
    await waitFor(() => expect(screen.getByRole("link", { name: "新建信息监测" })).toHaveAttribute("href", "/monitor/text/ystwnew"));
    expect(screen.getByRole("link", { name: "查看监测结果" })).toHaveAttribute("href", "/monitor/text/ystwdataList");
    expect(calls.find((call) => call.path === BILLING_ENDPOINTS.accountStatus.path)?.params).toEqual({ uid: MAIN_ACCOUNT.id, productCode: 40001, count: 1 });

    await userEvent.click(screen.getByRole("button", { name: "查看收费标准" }));
    const pricing = screen.getByRole("region", { name: "监测收费标准" });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toContainElement(pricing);
    expect(document.activeElement).toContainElement(pricing);
    expect(within(pricing).getByRole("row", { name: /网站 100/ })).toBeInTheDocument();
  });

  it.each([301, 304, 305, 309] as const)("disables new monitoring on limits code %i, with a not-allowed cursor and the reason on hover", async (code) => {
    await openGuide({ [BILLING_ENDPOINTS.getBalance.path]: balance(0), [BILLING_ENDPOINTS.accountStatus.path]: fail(code, ACCOUNT_LIMIT_MESSAGES[code]) });
    const button = await disabledLinkButton("新建信息监测");
    expect(button).not.toHaveAttribute("href");
    expect(button).toHaveClass("ant-btn-disabled");
    await userEvent.hover(button);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(ACCOUNT_LIMIT_MESSAGES[code]);
    // The other actions stay open: recharging is how a 301 is cured.
    expect(screen.getByRole("link", { name: "余额 0 元，立即充值" })).toHaveAttribute("href", "/personal/expenseCenter/onlineCharge");
    expect(screen.getByRole("link", { name: "查看监测结果" })).toBeInTheDocument();
  });

  it("leaves new monitoring active when accountStatus fails for another reason (the server checks again on creation)", async () => {
    const { calls } = await openGuide({ [BILLING_ENDPOINTS.getBalance.path]: balance(0), [BILLING_ENDPOINTS.accountStatus.path]: fail(500, "网络异常，请稍后重试") });
    // One more try after a failure, then the button is left active.
    await waitFor(() => expect(calls.filter((call) => call.path === BILLING_ENDPOINTS.accountStatus.path)).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole("link", { name: "新建信息监测" })).toHaveAttribute("href", "/monitor/text/ystwnew"));
    expect(screen.getByText("新建信息监测", { selector: "a, a *" }).closest("a")).not.toHaveAttribute("aria-disabled", "true");
  });
});
