import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_QA_FINDINGS, type CaptureQaCode } from "../../src/schema/capture.js";
import { htmlPage, startEngineFixture, type EngineFixture } from "./support/capture-jobs.js";

/** Each QA finding from a page that shows it, captured in real Chromium; and a clean page that shows none. */
let fixture: EngineFixture;

const article = `<h1>正常的网页</h1><p>${"这是一段正常的正文，用于确认质量检查不会误报。".repeat(30)}</p>`;

beforeAll(async () => {
  fixture = await startEngineFixture();
  const { sites } = fixture;
  sites.route("/clean", htmlPage(`<title>正常页面</title>${article}`));
  sites.route("/blank", htmlPage(`<title>空白</title><body style="background:#fff"></body>`));
  sites.route("/error", htmlPage(`<title>服务器错误</title><h1>500 Internal Server Error</h1><p>${"服务暂时不可用。".repeat(20)}</p>`, 500));
  sites.route("/captcha", htmlPage(`<title>安全验证</title><h2>请完成安全验证后继续访问</h2><div class="g-recaptcha" data-sitekey="x"></div><script src="/recaptcha/api.js"></script>`));
  sites.route("/recaptcha/api.js", (_request, response) => {
    response.writeHead(200, { "content-type": "text/javascript" }).end("window.grecaptcha = {};");
  });
  sites.route(
    "/cookies",
    htmlPage(`<title>有 Cookie 弹层的页面</title>${article}
<div style="position:fixed;inset:20% 10% 10% 10%;background:#fff;border:1px solid #999;padding:2em">
  <h2>我们重视您的隐私</h2><p>本网站使用 Cookie 改善体验。继续浏览即表示您同意我们的隐私政策。</p><button>同意</button>
</div>`),
  );
  sites.route(
    "/broken",
    htmlPage(`<title>资源缺失</title>${article}${Array.from({ length: 8 }, (_, index) => `<img src="/missing-${index}.png" width="20" height="20">`).join("")}`),
  );
});

afterAll(async () => {
  await fixture?.close();
});

const cases: { path: string; expected: CaptureQaCode[]; detail?: RegExp }[] = [
  { path: "/clean", expected: [] },
  { path: "/blank", expected: ["blank"], detail: /非背景像素/ },
  { path: "/error", expected: ["errorStatus"], detail: /状态码 500/ },
  { path: "/captcha", expected: ["botWall"], detail: /recaptcha/ },
  { path: "/cookies", expected: ["cookieBanner"], detail: /遮挡了首屏/ },
  { path: "/broken", expected: ["failedResources"], detail: /个请求中 8 个失败/ },
];

describe("capture QA on pages captured in real Chromium", () => {
  it.each(cases)("$path: $expected", async ({ path, expected, detail }) => {
    const captured = await fixture.engine.capture(fixture.job(`${fixture.sites.httpOrigin}${path}`));
    expect(captured.qa.findings.map((finding) => finding.code)).toEqual(expected);
    expect(captured.qa.passed).toBe(expected.length === 0);
    for (const finding of captured.qa.findings) expect(finding.message).toBe(CAPTURE_QA_FINDINGS[finding.code]);
    if (detail) expect(captured.qa.findings[0].detail).toMatch(detail);
  });
});
