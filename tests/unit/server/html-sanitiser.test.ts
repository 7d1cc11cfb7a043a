import { describe, expect, it } from "vitest";
import { demoArticles } from "../../../server/db/seed/demo-articles";
import { paragraphOf, sanitiseHtml } from "../../../server/modules/content/html-sanitiser";
import { normaliseTags } from "../../../server/modules/content/news-content";

describe("sanitiseHtml", () => {
  it.each([
    ["a script and its text", "<p>前<script>alert(1)</script>后</p>", "<p>前后</p>"],
    ["an onerror attribute", '<img src="/files/content/x" onerror="alert(1)">', '<img src="/files/content/x">'],
    ["an image from another site (the page's CSP would block it)", '<img src="https://elsewhere.example.com/x.png" onerror="alert(1)">', ""],
    ["a javascript: link", '<a href="javascript:alert(1)">点我</a>', "<a>点我</a>"],
    ["a javascript: link hidden by a tab and spaces", '<a href=" java\tscript:alert(1)">点我</a>', "<a>点我</a>"],
    ["an entity-encoded javascript: link", '<a href="&#106;avascript:alert(1)">点我</a>', "<a>点我</a>"],
    ["a protocol-relative link", '<a href="//evil.example.com">点我</a>', "<a>点我</a>"],
    ["every event handler", '<p onclick="x()" onmouseover="y()">文字</p>', "<p>文字</p>"],
    ["style and class attributes", '<p style="position:fixed" class="x">文字</p>', "<p>文字</p>"],
    ["style elements", "<style>body{display:none}</style><p>文字</p>", "<p>文字</p>"],
    ["iframes and objects", '<iframe src="https://x"></iframe><object data="x"></object><embed src="x"><p>文字</p>', "<p>文字</p>"],
    // A <p> breaks out of svg as it does in a browser; the style and image inside svg go with it.
    ["svg with everything inside", '<svg><g><style><img src=x onerror=alert(1)></style></g></svg><p>文字</p>', "<p>文字</p>"],
    ["math namespace confusion", "<math><mi><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ["noscript raw text", '<noscript><p title="</noscript><img src=/x onerror=alert(1)>">', '<img src="/x">"&gt;'],
    ["templates", "<template><script>alert(1)</script></template><p>文字</p>", "<p>文字</p>"],
    ["forms and their controls", '<form action="/x"><input value="1"><button>提交</button><p>文字</p></form>', "<p>文字</p>"],
    ["comments", "<!-- 备注 --><p>文字</p>", "<p>文字</p>"],
    ["wrappers, keeping their text", '<font color="red">红</font><center>中</center>', "红中"],
  ])("removes %s", (_what, input, expected) => {
    expect(sanitiseHtml(input)).toBe(expected);
  });

  it.each([
    ["paragraphs, headings and lists", "<h3>标题</h3><p>正文<strong>加粗</strong><em>强调</em></p><ul><li>一</li></ul><ol start=\"3\"><li>三</li></ol>"],
    ["links of the site, http(s) and mail", '<p><a href="/info/blockChain">链上数据</a> <a href="https://example.com/a?b=1&amp;c=2">外链</a> <a href="mailto:kf@example.com">邮件</a> <a href="#part">本页</a></p>'],
    ["tables with spans", '<table><thead><tr><th scope="col">列</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">格</td></tr></tbody></table>'],
    ["uploaded images with their description", '<figure><img src="/files/content/abc" alt="示意图" width="640" height="360"><figcaption>说明</figcaption></figure>'],
    ["quotes, code and breaks", "<blockquote>引用<br>第二行</blockquote><pre><code>const a = 1 &lt; 2;</code></pre><hr>"],
  ])("keeps %s as written", (_what, input) => {
    expect(sanitiseHtml(input)).toBe(input);
  });

  it("keeps every seeded article as written", () => {
    for (const article of demoArticles) expect(sanitiseHtml(article.content)).toBe(article.content);
  });

  it("opens new tabs without a way back to the page", () => {
    expect(sanitiseHtml('<a href="https://example.com" target="_blank">外链</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">外链</a>');
    expect(sanitiseHtml('<a href="/x" target="_top" rel="opener">站内</a>')).toBe('<a href="/x">站内</a>');
  });

  it("escapes text and attribute values, so what it writes parses back to the same", () => {
    const output = sanitiseHtml('<p title="&quot;><script>alert(1)</script>">1 &lt; 2 &amp;&amp; "引号"</p>');
    expect(output).toBe('<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">1 &lt; 2 &amp;&amp; "引号"</p>');
    expect(sanitiseHtml(output)).toBe(output);
  });

  it("drops attributes with an invalid value", () => {
    expect(sanitiseHtml('<td colspan="2;x" rowspan="99999">格</td>')).toBe("格");
    expect(sanitiseHtml('<table><tr><td colspan="2;x">格</td></tr></table>')).toBe("<table><tbody><tr><td>格</td></tr></tbody></table>");
  });
});

describe("paragraphOf", () => {
  it("writes plain text as one escaped paragraph", () => {
    expect(paragraphOf('1 < 2 & "引号" <script>')).toBe('<p>1 &lt; 2 &amp; "引号" &lt;script&gt;</p>');
  });
});

describe("normaliseTags", () => {
  it.each([
    ["账本,透明日志,开放", "账本,透明日志,开放"],
    [" 存证 ，账本、账本,, ", "存证,账本"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normaliseTags(input)).toBe(expected);
  });
});
