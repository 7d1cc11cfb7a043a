import type { HelpCenterServices } from "../help-center/help-center.module.js";
import type { HelpArticleKind } from "../../../src/schema/help-center.js";

/** A published help-centre article as the assistant reads it. */
export interface SourceArticle {
  articleId: number;
  menuId: number;
  /** The menu's kind: HLLAWCASE articles are law cases, the others help articles. */
  code: HelpArticleKind;
  title: string;
  /** Plain text (no HTML): what the passages are cut from and getSource shows. */
  text: string;
}

/**
 * The help centre's published articles (the help-centre module owns them). The assistant indexes
 * their passages at start and again whenever `onChange` tells it something was published, edited
 * or taken down.
 */
export interface ArticleSource {
  publishedArticles(): Promise<readonly SourceArticle[]>;
  /** Calls `listener` after any published article changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The help-centre module's published articles as the assistant's source. */
export function helpCentreArticles(helpCenter: Pick<HelpCenterServices, "publishedArticles" | "onArticlesChanged">): ArticleSource {
  return {
    publishedArticles: () => helpCenter.publishedArticles(),
    onChange: (listener) => helpCenter.onArticlesChanged(() => listener()),
  };
}
