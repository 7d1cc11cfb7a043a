/**
 * A legal provision the assistant may cite: our own plain-language summary of a public provision,
 * never its official text (we write summaries so that no one mistakes them for the law; the source
 * page says so). Cited as 《law》article, e.g. 《中华人民共和国民事诉讼法》第六十六条.
 */
export interface LegalRule {
  /** Stable id: "<law key>:<article number>", e.g. "civil-procedure-law:66". */
  id: string;
  /** The law's full name without book-title marks, e.g. 中华人民共和国民事诉讼法. */
  law: string;
  /** 第X条 in Chinese numerals, e.g. 第六十六条. */
  article: string;
  /** Our summary of what the article provides, 60-300 characters. */
  summary: string;
}

export const ruleLabel = (rule: Pick<LegalRule, "law" | "article">) => `《${rule.law}》${rule.article}`;
