import { describe, expect, it } from "vitest";
import { documentTokens, normaliseText, parseQuery, type QueryExpression, type SegmentOptions } from "../../../server/search/segmenter.js";

/**
 * The segmenter on its own. The labelled pairs below measure recall (a query finds the text it
 * occurs in, in varied contexts) and precision (a query does not find text where its characters
 * only meet across two words), with the same boolean semantics the databases apply: every term,
 * any one alternative of it, every token of that alternative.
 */

function matches(document: string, query: string, options?: SegmentOptions): boolean {
  const tokens = new Set(documentTokens(document, options));
  const holds = (expression: QueryExpression): boolean =>
    typeof expression === "string" ? tokens.has(expression) : "all" in expression ? expression.all.every(holds) : expression.any.some(holds);
  const expression = parseQuery(query, options);
  return expression !== undefined && holds(expression);
}

/** [document text, query]: the query must find the text. */
const FOUND: [string, string][] = [
  ["电子存证平台已上线", "存证"],
  ["下载存证证书后核对编号", "存证"],
  ["该网页已存证", "存证"],
  ["存证云服务说明", "存证"],
  ["立即存证，稍后出证", "存证"],
  ["申请办理保全公证", "公证"],
  ["携带材料前往公证处", "公证"],
  ["公证员现场监督取证过程", "公证"],
  ["接入司法区块链节点", "区块链"],
  ["基于区块链的电子存证", "区块链"],
  ["区块链存证平台", "区块链"],
  ["可信时间戳服务", "时间戳"],
  ["时间戳验证通过", "时间戳"],
  ["加盖时间戳后", "时间戳"],
  ["默克尔树检查点", "默克尔树"],
  ["默克尔树检查点", "检查点"],
  ["电子数据的真实性审查", "电子数据"],
  ["打包生成诉讼包", "诉讼包"],
  ["某科技公司与某网络公司著作权侵权纠纷", "著作权"],
  ["录屏取证操作步骤", "录屏"],
  ["网页取证工具", "取证"],
  ["用SHA-256计算哈希值", "sha-256"],
  ["用SHA-256计算哈希值", "哈希"],
  ["下载PDF证书", "pdf"],
  ["示例互联网法院审理", "互联网法院"],
  // Words jieba does not know, or glues to a neighbour by its HMM: the bigram fallback's cases.
  ["信息网络传播权纠纷", "传播权"],
  ["侵权方李四拒绝删除", "侵权方"],
  ["侵权方李四拒绝删除", "李四"],
  ["原告王小明称其作品被转载", "王小明"],
  ["张三丰的网页被抄袭", "张三"],
  ["星辰数码公司提交了录屏", "星辰数码"],
  ["星辰数码公司提交了录屏", "数码公司"],
  ["可信时间戳服务", "可信时间"],
];

/** [document text, query]: the characters meet only across words; the query must not find the text. */
const NOT_FOUND: [string, string][] = [
  ["请妥善保存证据", "存证"],
  ["点击网上链接", "上链"],
  ["交易区块高度", "区块链"],
  ["办公证件遗失", "公证"],
  ["先公开证明材料", "公证"],
  ["依法取证据", "证据链"],
  ["办理公证后下载证书", "公证书"],
  ["区块高度与链上数据", "区块链"],
];

/**
 * Known misses: jieba's dictionary has 使用证, so the document is cut 使用证/链通 and the name's first
 * character sits in another word. Only bigrams across words would find it, and those cost the
 * precision pairs above. Printed with the recall figures, not asserted.
 */
const KNOWN_MISSES: [string, string][] = [["使用证链通小程序取证", "证链通"]];

const recall = (options?: SegmentOptions) => FOUND.filter(([document, query]) => matches(document, query, options)).length / FOUND.length;

describe("search segmenter", () => {
  it("cuts the platform's terms as words, in documents and in queries", () => {
    const tokens = documentTokens("区块链存证平台为可信时间戳签发哈希值");
    expect(tokens).toEqual(expect.arrayContaining(["区块链", "存证", "时间戳", "哈希值"]));
    expect(parseQuery("区块链")).toBe("区块链");
    expect(parseQuery("侵权方")).toEqual({ any: [{ all: ["侵权", "方"] }, { all: ["侵权", "权方"] }] });
    expect(parseQuery("时间戳", { innerBigrams: false })).toBe("时间戳");
  });

  it("finds two- and three-character words in every labelled context", () => {
    const missed = FOUND.filter(([document, query]) => !matches(document, query));
    expect(missed).toEqual([]);
  });

  it("does not find words whose characters only meet across word boundaries", () => {
    const wronglyFound = NOT_FOUND.filter(([document, query]) => matches(document, query));
    expect(wronglyFound).toEqual([]);
  });

  it("owes part of its recall to the bigram fallback (the precision pairs above hold with it)", () => {
    const withFallback = recall();
    const wordsOnly = recall({ innerBigrams: false });
    const knownMissesFound = KNOWN_MISSES.filter(([document, query]) => matches(document, query)).length;
    console.log(
      `segmenter recall on ${FOUND.length} labelled pairs: words only ${wordsOnly.toFixed(3)}, with inner bigrams ${withFallback.toFixed(3)}; ` +
        `known misses found ${knownMissesFound}/${KNOWN_MISSES.length}`,
    );
    expect(withFallback).toBe(1);
    expect(wordsOnly).toBeLessThan(1);
  });

  it("normalises width and case and drops punctuation, keeping Latin words and digits", () => {
    expect(normaliseText("ＳＨＡ－２５６：《电子证据》…PDF!")).toBe("sha 256 电子证据 pdf");
    expect(parseQuery("ＰＤＦ")).toBe("pdf");
    expect(parseQuery("SHA-256")).toEqual({ all: ["sha", "256"] });
  });

  it("answers no terms for stop words and punctuation, and leaves out stop words beside real ones", () => {
    expect(parseQuery("的了吗？！")).toBeUndefined();
    expect(parseQuery("。，、；：“”‘’（）【】《》…—·!@#$%^&*()_+-=[]{}|\\;:'\",.<>/?`~")).toBeUndefined();
    expect(parseQuery("🙂🙂")).toBeUndefined();
    expect(parseQuery("如何下载诉讼包", { innerBigrams: false })).toEqual({ all: ["下载", "诉讼包"] });
  });

  it("counts a long word once per occurrence, not once per way of cutting it", () => {
    const tokens = documentTokens("区块链存证");
    expect(tokens.filter((token) => token === "区块")).toHaveLength(1);
    expect(tokens.filter((token) => token === "存证")).toHaveLength(1);
  });
});
