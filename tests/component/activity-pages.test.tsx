import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPARISON_SLIDES } from "../../src/pages/public/activity/activity-content";
import { BundleCards } from "../../src/pages/public/activity/bundle-cards";
import { ComparisonCarousel } from "../../src/pages/public/activity/comparison-carousel";
import { DescriptionPopup } from "../../src/pages/public/activity/description-popup";
import { LawyerActivityPage } from "../../src/pages/public/activity/lawyer-activity-page";
import { NotarizationActivityPage } from "../../src/pages/public/activity/notarization-activity-page";
import { registryPath } from "../../src/resources/registry-paths";
import { BUNDLE_VALID_DAYS } from "../../src/schema/bundle";
import { COMMON_ENDPOINTS } from "../../src/schema/common";
import { ACTIVITY_BANNER_AUTOPLAY_MS, ACTIVITY_PACKAGE_COUNT, COMPARISON_CAROUSEL_SLIDES } from "../../src/schema/constants";
import { formatYuan } from "../../src/schema/money";
import { PURCHASE_ENDPOINTS, PURCHASE_PRODUCT_PARAM } from "../../src/schema/purchase";
import { SEEDED_BUNDLES, SEEDED_PRICE_LIST } from "../fixtures/bundle-prices";
import { AntdTestProvider } from "./antd-test-provider";
import { fail, ok } from "./account-harness";
import { renderPublicPage } from "./public-page-harness";

const PURCHASE_PACKAGE = registryPath("personal/expenseCenter", "purchasePackage");

/** The public price list as migration 0021 seeds it. */
const PRICE_LIST = { [PURCHASE_ENDPOINTS.publicPrices.path]: ok({ list: SEEDED_PRICE_LIST }) };
/** getTime answering a moment inside the 2017 promotion (2017-10-01 12:00 in Shanghai). */
const IN_PROMOTION = { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.parse("2017-10-01T12:00:00+08:00") }), ...PRICE_LIST };

describe("bundle cards", () => {
  it("outside the promotion show the regular price alone, say the promotion has ended, and a buy button each", async () => {
    // The server's clock (today) is past 2017-11-15.
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards />, script: { [COMMON_ENDPOINTS.getTime.path]: ok({ serverTime: Date.now() }), ...PRICE_LIST } });
    expect(await screen.findByText("首发优惠（2017年09月15日至2017年11月15日）已结束：以下为原价。")).toBeInTheDocument();
    const cards = SEEDED_BUNDLES.map((bundle) => screen.getByRole("group", { name: `1次公证 + ${bundle.unitCount}条网页快照` }));
    expect(cards).toHaveLength(ACTIVITY_PACKAGE_COUNT);
    SEEDED_BUNDLES.forEach((bundle, index) => {
      const card = within(cards[index]);
      expect(card.getByText(`${formatYuan(bundle.regularPriceFen!)} 元`)).toBeInTheDocument();
      expect(card.queryByText(`${formatYuan(bundle.promotion!.priceFen)} 元`)).not.toBeInTheDocument();
      expect(card.queryByText(/^原价/)).not.toBeInTheDocument();
      expect(card.getByText(`有效期 ${BUNDLE_VALID_DAYS} 天 · 数量可累加`)).toBeInTheDocument();
      // The button chooses its bundle on the purchase page.
      expect(card.getByRole("link", { name: "立即购买" })).toHaveAttribute("href", `${PURCHASE_PACKAGE}?${PURCHASE_PRODUCT_PARAM}=${bundle.code}`);
    });
  });

  it("inside the promotion (by the server's clock) show the spec's promotion prices with the originals struck through", async () => {
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards />, script: IN_PROMOTION });
    expect(await screen.findByText("首发优惠进行中（2017年09月15日至2017年11月15日，北京时间）：以下为活动价，划线价为原价。")).toBeInTheDocument();
    for (const [price, original] of [["1,500", "2,800"], ["3,500", "5,000"], ["5,500", "8,000"]]) {
      expect(screen.getByText(`${price} 元`)).toBeInTheDocument();
      expect(screen.getByText(`原价 ${original} 元`).closest("del")).not.toBeNull();
    }
  });

  it("show a loading state until the price list answers, then the prices it gives (not figures of the page's own)", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const held = new Promise<ReturnType<typeof ok>>((resolve) => (answer = resolve));
    const changed = SEEDED_PRICE_LIST.map((product) => (product.code === "bundle-50" ? { ...product, regularPriceFen: 820_000, priceFen: 820_000 } : product));
    const { callsTo } = renderPublicPage({ path: "/Activity/notarization", element: <BundleCards />, script: { [PURCHASE_ENDPOINTS.publicPrices.path]: () => held } });
    expect(await screen.findByRole("status", { name: "正在加载价格" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "1次公证 + 50条网页快照" })).not.toBeInTheDocument();
    await act(async () => answer(ok({ list: changed })));
    const card = within(await screen.findByRole("group", { name: "1次公证 + 50条网页快照" }));
    expect(card.getByText("8,200 元")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "正在加载价格" })).not.toBeInTheDocument();
    // Public: the call carries no session.
    expect(callsTo(PURCHASE_ENDPOINTS.publicPrices.path)[0]).toMatchObject({ method: "GET", tokenless: true });
  });

  it("say so when the price list cannot be read, offering no price", async () => {
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards />, script: { [PURCHASE_ENDPOINTS.publicPrices.path]: fail(500, "服务器内部错误") } });
    expect(await screen.findByText("价格暂时无法获取，请稍后刷新页面重试")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "立即购买" })).not.toBeInTheDocument();
  });

  it("buy buttons go to the package purchase page", async () => {
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards />, script: PRICE_LIST });
    fireEvent.click(within(await screen.findByRole("group", { name: "1次公证 + 30条网页快照" })).getByRole("link", { name: "立即购买" }));
    expect(screen.getByLabelText("当前地址")).toHaveTextContent(PURCHASE_PACKAGE);
  });
});

describe("comparison carousel (spec §9: 4 slides, 3 s)", () => {
  afterEach(() => vi.useRealTimers());

  const currentSlide = () => screen.getByRole("group", { name: /^第 \d 张/ }).getAttribute("aria-label");
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  function renderCarousel() {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    render(
      <AntdTestProvider>
        <ComparisonCarousel slides={COMPARISON_SLIDES} />
      </AntdTestProvider>,
    );
  }

  it("has four slides", () => {
    expect(COMPARISON_SLIDES).toHaveLength(COMPARISON_CAROUSEL_SLIDES);
    expect(ACTIVITY_BANNER_AUTOPLAY_MS).toBe(3000);
  });

  it("advances every 3 s and loops after the fourth slide", () => {
    renderCarousel();
    expect(currentSlide()).toBe(`第 1 张，共 4 张：${COMPARISON_SLIDES[0].title}`);
    advance(2999);
    expect(currentSlide()).toMatch(/^第 1 张/);
    advance(1);
    expect(currentSlide()).toBe(`第 2 张，共 4 张：${COMPARISON_SLIDES[1].title}`);
    advance(3000);
    expect(currentSlide()).toMatch(/^第 3 张/);
    advance(3000);
    expect(currentSlide()).toMatch(/^第 4 张/);
    advance(3000);
    expect(currentSlide()).toMatch(/^第 1 张/);
  });

  it("shows a chosen slide for a full 3 s before moving on", () => {
    renderCarousel();
    advance(2000);
    fireEvent.click(screen.getByRole("button", { name: `显示第 3 张：${COMPARISON_SLIDES[2].title}` }));
    expect(currentSlide()).toMatch(/^第 3 张/);
    advance(2999);
    expect(currentSlide()).toMatch(/^第 3 张/);
    advance(1);
    expect(currentSlide()).toMatch(/^第 4 张/);
  });

  it("pauses while the pointer is over it", () => {
    renderCarousel();
    const carousel = screen.getByRole("region", { name: "在线取证与传统方式对比" });
    fireEvent.mouseEnter(carousel);
    advance(9000);
    expect(currentSlide()).toMatch(/^第 1 张/);
    fireEvent.mouseLeave(carousel);
    advance(3000);
    expect(currentSlide()).toMatch(/^第 2 张/);
  });
});

describe("description popup", () => {
  it("opens and closes with the same button, and with its close link", async () => {
    renderPublicPage({ path: "/Activity/notarization", element: <DescriptionPopup />, script: PRICE_LIST });
    const toggle = screen.getByRole("button", { name: "活动说明" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog", { name: "活动说明" })).not.toBeInTheDocument();

    fireEvent.click(toggle);
    const dialog = screen.getByRole("dialog", { name: "活动说明" });
    expect(await within(dialog).findByText(/2017年09月15日至2017年11月15日（已结束）/)).toBeInTheDocument();
    expect(within(dialog).getByText(`有效期：自购买之日起 ${BUNDLE_VALID_DAYS} 天，到期未使用的部分失效。`)).toBeInTheDocument();
    expect(within(dialog).getByText("套餐一经购买，不予退款。")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "收起活动说明" })).toHaveAttribute("aria-expanded", "true");

    fireEvent.click(screen.getByRole("button", { name: "收起活动说明" }));
    expect(screen.queryByRole("dialog", { name: "活动说明" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "活动说明" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "活动说明" })).getByRole("button", { name: "关闭" }));
    expect(screen.queryByRole("dialog", { name: "活动说明" })).not.toBeInTheDocument();
  });
});

describe("promotion pages", () => {
  it("the lawyers' page links to its discount section and ends with a buy call to action", async () => {
    renderPublicPage({ path: "/Activity/lawyer", element: <LawyerActivityPage />, script: PRICE_LIST });
    expect(await screen.findByRole("heading", { level: 1, name: "律师互联网取证优惠" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "查看优惠套餐" })).toHaveAttribute("href", "#discount");
    expect(document.getElementById("discount")).toContainElement(await screen.findByRole("group", { name: "1次公证 + 10条网页快照" }));
    expect(screen.getAllByRole("link", { name: "立即购买" })).toHaveLength(ACTIVITY_PACKAGE_COUNT + 1);
    expect(screen.getByRole("region", { name: "在线取证与传统方式对比" })).toBeInTheDocument();
  });

  it("the bundle page shows the past promotion period and three cases labelled as anonymised examples", async () => {
    renderPublicPage({ path: "/Activity/notarization", element: <NotarizationActivityPage />, script: PRICE_LIST });
    expect(await screen.findByText("首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）")).toBeInTheDocument();
    expect(screen.getByText(/以下案例经过匿名化处理/)).toBeInTheDocument();
    for (const month of ["2017年02月", "2017年04月", "2017年05月"]) {
      expect(screen.getByText(new RegExp(`^${month} · .*（示例）$`))).toBeInTheDocument();
    }
  });
});
