import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublicShell } from "../../src/components/public-shell/public-shell";
import { qrCodePath } from "../../src/components/public-shell/qr-code-image";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import { ok, renderAccountScreen } from "./account-harness";
import { useDesktopMediaQueries } from "./desktop-media";

vi.setConfig({ testTimeout: 20_000 });
useDesktopMediaQueries();

function renderShell(path: string, user?: Record<string, unknown>) {
  return renderAccountScreen({
    path,
    user,
    element: (
      <PublicShell>
        <p>页面内容</p>
      </PublicShell>
    ),
    script: { [ACCOUNT_ENDPOINTS.logout.path]: ok(null) },
  });
}

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
}

afterEach(() => scrollTo(0));

const SIGNED_IN = { token: "tk", timestamp: Date.now(), id: 7, loginAccount: "zhangsan", userRealName: "张三", enterpriseName: "某某科技有限公司" };

describe("the public header", () => {
  it("lists the thirteen items, legal AI with its 新 badge, the notary entrance in a new tab", () => {
    renderShell("/info/about");
    const nav = screen.getByRole("navigation", { name: "主导航" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "首页",
      "司法联盟链",
      "大数据监测",
      "互联网法院",
      "证据提取",
      "查询验证",
      "法律AI新",
      "公证入口",
      "产品服务",
      "开放平台",
      "产品动态",
      "帮助中心",
      "关于我们",
    ]);
    const notary = within(nav).getByRole("link", { name: "公证入口" });
    expect(notary).toHaveAttribute("href", "/notary/index");
    expect(notary).toHaveAttribute("target", "_blank");
    expect(within(nav).getByRole("link", { name: "关于我们" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("img", { name: "衡证电子证据平台" }).closest("a")).toHaveAttribute("href", "/index");
  });

  it("folds the items into a drawer on a narrow screen", async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: false });
    try {
      renderShell("/info/about");
      expect(screen.queryByRole("navigation", { name: "主导航" })).not.toBeInTheDocument();
      await userEvent.click(await screen.findByRole("button", { name: "打开导航菜单" }));
      const nav = await screen.findByRole("navigation", { name: "主导航" });
      expect(within(nav).getAllByRole("link")).toHaveLength(13);
    } finally {
      window.matchMedia = wide;
    }
  });

  it("shows visitors elsewhere a 登录 link that comes back to the page", () => {
    renderShell("/info/about");
    expect(screen.getByRole("link", { name: "登录" })).toHaveAttribute("href", "/login?redirect=%2Finfo%2Fabout");
  });

  it("hides the 登录 link on /index for visitors (spec §2)", () => {
    renderShell("/index");
    expect(screen.queryByRole("link", { name: "登录" })).not.toBeInTheDocument();
  });

  it("gives a signed-in user a menu under their display name (spec §6) with the workspace and logout", async () => {
    const { callsTo, sessionStore } = renderShell("/index", { ...SIGNED_IN, realNameStatus: 2, enterpriseStatus: 2 });
    expect(screen.queryByRole("link", { name: "登录" })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "用户菜单：某某科技有限公司" }));
    expect(await screen.findByRole("menuitem", { name: /进入工作台/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: /退出登录/ }));
    await waitFor(() => expect(callsTo(ACCOUNT_ENDPOINTS.logout.path)).toHaveLength(1));
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
  });

  it("names a user whose organisation is not verified by their real name", async () => {
    renderShell("/info/about", { ...SIGNED_IN, realNameStatus: 2 });
    expect(await screen.findByRole("button", { name: "用户菜单：张三" })).toBeInTheDocument();
  });

  it("stays in the page at first and is fixed to the top once the page has scrolled more than 30 px", () => {
    renderShell("/index");
    const header = screen.getByRole("banner");
    expect(header).toHaveStyle({ position: "relative" });
    scrollTo(30);
    expect(header).toHaveStyle({ position: "relative" });
    scrollTo(31);
    expect(header).toHaveStyle({ position: "fixed" });
    scrollTo(0);
    expect(header).toHaveStyle({ position: "relative" });
  });
});

describe("the floating buttons", () => {
  it.each(["/index", "/info/about"])("are on %s", (path) => {
    renderShell(path);
    const tools = screen.getByRole("complementary", { name: "悬浮工具" });
    expect(within(tools).getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual(["在线咨询", "App 二维码", "公众号二维码", "手机访问"]);
  });

  it.each(["/legalAI", "/legalAI/share", "/niceToSingLogin"])("are hidden on %s (spec §2)", (path) => {
    renderShell(path);
    expect(screen.queryByRole("complementary", { name: "悬浮工具" })).not.toBeInTheDocument();
    expect(screen.getByText("页面内容")).toBeInTheDocument();
  });

  it("在线咨询 explains where help is, without pretending to be a chat", async () => {
    renderShell("/info/about");
    await userEvent.click(screen.getByRole("button", { name: "在线咨询" }));
    expect(await screen.findByText("本平台暂不提供在线聊天客服。")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "前往帮助中心" })).toHaveAttribute("href", "/helpcenter");
    expect(screen.getAllByText("400-000-0000").length).toBeGreaterThan(0);
  });

  it("the app code is a real QR code of our product page, labelled as such", async () => {
    renderShell("/info/about");
    await userEvent.click(screen.getByRole("button", { name: "App 二维码" }));
    const code = await screen.findByRole("img", { name: "手机 App二维码" });
    const target = `${window.location.origin}/info/product`;
    expect(code).toHaveAttribute("data-qr-text", target);
    expect(code.querySelector("path")).toHaveAttribute("d", qrCodePath(target).path);
    expect(QRCode.create(target).modules.size).toBeGreaterThan(20);
    expect(screen.getByText(/移动端 App 尚未上架/)).toBeInTheDocument();
  });

  it("the phone code carries the page being read", async () => {
    renderShell("/info/about");
    await userEvent.click(screen.getByRole("button", { name: "手机访问" }));
    const code = await screen.findByRole("img", { name: "手机访问本页二维码" });
    expect(code).toHaveAttribute("data-qr-text", window.location.href);
  });
});

describe("back to top", () => {
  it("appears once the page has scrolled further than the window is high, and scrolls up", () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    renderShell("/index");
    expect(screen.queryByRole("button", { name: "回到顶部" })).not.toBeInTheDocument();
    scrollTo(window.innerHeight);
    expect(screen.queryByRole("button", { name: "回到顶部" })).not.toBeInTheDocument();
    scrollTo(window.innerHeight + 1);
    fireEvent.click(screen.getByRole("button", { name: "回到顶部" }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
    scroll.mockRestore();
  });
});

describe("the footer", () => {
  it("links the products and the legal texts, shows the placeholder hotline as 示例 and both record lines", () => {
    renderShell("/index");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "用户注册协议" })).toHaveAttribute("href", "/user/agreement");
    expect(within(footer).getByRole("link", { name: "隐私政策" })).toHaveAttribute("href", "/user/privacyAgreement");
    expect(within(footer).getByRole("link", { name: "产品服务" })).toHaveAttribute("href", "/info/product");
    expect(within(footer).getByText("400-000-0000")).toBeInTheDocument();
    expect(within(footer).getByText("示例")).toBeInTheDocument();
    expect(within(footer).getByText(/网站备案信息/)).toBeInTheDocument();
    expect(within(footer).getByText(/安全检测/)).toBeInTheDocument();
  });

  it("hides the testing-centre line on /niceToSingLogin (spec §2)", () => {
    renderShell("/niceToSingLogin");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText(/网站备案信息/)).toBeInTheDocument();
    expect(within(footer).queryByText(/安全检测/)).not.toBeInTheDocument();
  });
});
