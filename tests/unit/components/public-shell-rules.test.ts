import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { activeNavKey, PUBLIC_NAV_ITEMS } from "../../../src/components/public-shell/public-nav-items";
import {
  isPublicShellPath,
  shouldShowFloatingTools,
  shouldShowLoginLink,
  shouldShowTestingCentreLine,
} from "../../../src/components/public-shell/public-shell-rules";
import { qrCodePath } from "../../../src/components/public-shell/qr-code-image";
import { QR_CODE_TARGETS, qrCodeUrl } from "../../../src/components/public-shell/qr-code-targets";
import { registryPath } from "../../../src/resources/registry-paths";

describe("the public top navigation (spec §2)", () => {
  it("has the thirteen items in the spec's order, legal AI marked 新, the notary entrance in a new tab", () => {
    expect(PUBLIC_NAV_ITEMS.map((item) => [item.label, item.path])).toEqual([
      ["首页", "/index"],
      ["司法联盟链", "/info/blockChain"],
      ["大数据监测", "/info/bigData"],
      ["互联网法院", "/info/InternetCourt"],
      ["证据提取", "/info/extractLogin"],
      ["查询验证", "/info/validateQuery"],
      ["法律AI", "/legalAI"],
      ["公证入口", "/notary/index"],
      ["产品服务", "/info/product"],
      ["开放平台", "/info/OpenPlatform"],
      ["产品动态", "/info/activityProduct"],
      ["帮助中心", "/helpcenter"],
      ["关于我们", "/info/about"],
    ]);
    expect(PUBLIC_NAV_ITEMS.filter((item) => "badge" in item).map((item) => [item.label, item.badge])).toEqual([["法律AI", "新"]]);
    expect(PUBLIC_NAV_ITEMS.filter((item) => "opensInNewTab" in item).map((item) => item.label)).toEqual(["公证入口"]);
  });

  it.each([
    ["/index", "home"],
    ["/info/blockChain", "blockChain"],
    ["/info/about", "about"],
    ["/helpcenter", "helpCenter"],
    ["/legalAI", "legalAI"],
    ["/info/detailsProduct", undefined],
    ["/info/aboutus", undefined],
  ])("marks %s as %s", (pathname, key) => {
    expect(activeNavKey(pathname)).toBe(key);
  });
});

describe("which pages sit in the public shell", () => {
  it.each([
    ["/index", true],
    ["/info/blockChain", true],
    ["/info/*", true],
    ["/helpcenter", true],
    ["/Activity", true],
    ["/Activity/lawyer", true],
    ["/legalAI", true],
    ["/niceToSingLogin", true],
    ["/info/notaryRequests/*", false],
    ["/info/notaryOfficeLogin", false],
    ["/info/certificate", false],
    ["/info/notaryCertificate", false],
    ["/login", false],
    ["/user/register", false],
    [registryPath("personal/operationPanel"), false],
    ["/indexes", false],
    ["/legalXGPT", false],
  ])("%s → %s", (pathname, expected) => {
    expect(isPublicShellPath(pathname)).toBe(expected);
  });
});

describe("what the shell shows where", () => {
  it.each([
    ["/index", false, false],
    ["/index", true, false],
    ["/info/about", false, true],
    ["/info/about", true, false],
    ["/helpcenter", false, true],
  ])("login link on %s, signed in %s → %s", (pathname, isSignedIn, expected) => {
    expect(shouldShowLoginLink(pathname, isSignedIn)).toBe(expected);
  });

  it.each([
    ["/index", true],
    ["/info/about", true],
    ["/legalAI", false],
    ["/legalAI/share", false],
    ["/info/legalAIGuide", false],
    ["/niceToSingLogin", false],
  ])("floating buttons on %s → %s", (pathname, expected) => {
    expect(shouldShowFloatingTools(pathname)).toBe(expected);
  });

  it.each([
    ["/index", true],
    ["/legalAI", true],
    ["/niceToSingLogin", false],
  ])("testing-centre line on %s → %s", (pathname, expected) => {
    expect(shouldShowTestingCentreLine(pathname)).toBe(expected);
  });
});

describe("the QR codes", () => {
  it("point at our own pages on the visitor's origin, or at the page being read", () => {
    const current = "https://evidence.example/info/about?tab=2";
    expect(qrCodeUrl(QR_CODE_TARGETS.app, current)).toBe("https://evidence.example/info/product");
    expect(qrCodeUrl(QR_CODE_TARGETS.publicAccount, current)).toBe("https://evidence.example/info/about");
    expect(qrCodeUrl(QR_CODE_TARGETS.phone, current)).toBe(current);
  });

  it("say honestly that there is no app and no public account yet", () => {
    expect(QR_CODE_TARGETS.app.caption).toContain("尚未上架");
    expect(QR_CODE_TARGETS.publicAccount.caption).toContain("尚未开通");
  });

  it("draw exactly the dark modules of the qrcode package's symbol, inside a quiet zone", () => {
    const text = "https://evidence.example/info/product";
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    const { path, extent } = qrCodePath(text);
    const darkCount = Array.from({ length: modules.size * modules.size }, (_, i) => modules.get(Math.floor(i / modules.size), i % modules.size)).filter(Boolean).length;
    expect(extent).toBe(modules.size + 4);
    expect(path.match(/M/g)).toHaveLength(darkCount);
    // The top-left finder pattern's corner module is dark and sits just inside the quiet zone.
    expect(path.startsWith("M2 2h1v1h-1z")).toBe(true);
  });
});
