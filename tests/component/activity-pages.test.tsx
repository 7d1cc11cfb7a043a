import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPARISON_SLIDES } from "../../src/pages/public/activity/activity-content";
import { BundleCards } from "../../src/pages/public/activity/bundle-cards";
import { ComparisonCarousel } from "../../src/pages/public/activity/comparison-carousel";
import { DescriptionPopup } from "../../src/pages/public/activity/description-popup";
import { LawyerActivityPage } from "../../src/pages/public/activity/lawyer-activity-page";
import { NotarizationActivityPage } from "../../src/pages/public/activity/notarization-activity-page";
import { BUNDLE_VALID_DAYS, NOTARISATION_BUNDLES } from "../../src/schema/bundle";
import { ACTIVITY_BANNER_AUTOPLAY_MS, ACTIVITY_PACKAGE_COUNT, COMPARISON_CAROUSEL_SLIDES } from "../../src/schema/constants";
import { formatYuan } from "../../src/schema/money";
import { AntdTestProvider } from "./antd-test-provider";
import { renderPublicPage } from "./public-page-harness";

const PURCHASE_PACKAGE = "/personal/expenseCenter/purchasePackage";

describe("bundle cards", () => {
  it("show the three bundles of the schema with price, original price and a buy button each", () => {
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards /> });
    const cards = NOTARISATION_BUNDLES.map((bundle) => screen.getByRole("group", { name: `1次公证 + ${bundle.snapshotLimit}条网页快照` }));
    expect(cards).toHaveLength(ACTIVITY_PACKAGE_COUNT);
    NOTARISATION_BUNDLES.forEach((bundle, index) => {
      const card = within(cards[index]);
      expect(card.getByText(`${formatYuan(bundle.priceFen)} 元`)).toBeInTheDocument();
      expect(card.getByText(`原价 ${formatYuan(bundle.originalPriceFen)} 元`)).toBeInTheDocument();
      expect(card.getByText(`有效期 ${BUNDLE_VALID_DAYS} 天 · 数量可累加`)).toBeInTheDocument();
      expect(card.getByRole("link", { name: "立即购买" })).toHaveAttribute("href", PURCHASE_PACKAGE);
    });
  });

  it("are the spec's prices: 1500/3500/5500 yuan, originally 2800/5000/8000", () => {
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards /> });
    for (const [price, original] of [["1,500", "2,800"], ["3,500", "5,000"], ["5,500", "8,000"]]) {
      expect(screen.getByText(`${price} 元`)).toBeInTheDocument();
      expect(screen.getByText(`原价 ${original} 元`)).toBeInTheDocument();
    }
  });

  it("buy buttons go to the package purchase page", () => {
    renderPublicPage({ path: "/Activity/notarization", element: <BundleCards /> });
    fireEvent.click(within(screen.getByRole("group", { name: "1次公证 + 30条网页快照" })).getByRole("link", { name: "立即购买" }));
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
  it("opens and closes with the same button, and with its close link", () => {
    render(
      <AntdTestProvider>
        <DescriptionPopup />
      </AntdTestProvider>,
    );
    const toggle = screen.getByRole("button", { name: "活动说明" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog", { name: "活动说明" })).not.toBeInTheDocument();

    fireEvent.click(toggle);
    const dialog = screen.getByRole("dialog", { name: "活动说明" });
    expect(within(dialog).getByText(/2017年09月15日至2017年11月15日（已结束）/)).toBeInTheDocument();
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
  it("the lawyers' page links to its discount section and ends with a buy call to action", () => {
    renderPublicPage({ path: "/Activity/lawyer", element: <LawyerActivityPage /> });
    expect(screen.getByRole("heading", { level: 1, name: "律师互联网取证优惠" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "查看优惠套餐" })).toHaveAttribute("href", "#discount");
    expect(document.getElementById("discount")).toContainElement(screen.getByRole("group", { name: "1次公证 + 10条网页快照" }));
    expect(screen.getAllByRole("link", { name: "立即购买" })).toHaveLength(ACTIVITY_PACKAGE_COUNT + 1);
    expect(screen.getByRole("region", { name: "在线取证与传统方式对比" })).toBeInTheDocument();
  });

  it("the bundle page shows the past promotion period and three cases labelled as anonymised examples", () => {
    renderPublicPage({ path: "/Activity/notarization", element: <NotarizationActivityPage /> });
    expect(screen.getByText("首发优惠活动时间：2017年09月15日至2017年11月15日（已结束）")).toBeInTheDocument();
    expect(screen.getByText(/以下案例经过匿名化处理/)).toBeInTheDocument();
    for (const month of ["2017年02月", "2017年04月", "2017年05月"]) {
      expect(screen.getByText(new RegExp(`^${month} · .*（示例）$`))).toBeInTheDocument();
    }
  });
});
