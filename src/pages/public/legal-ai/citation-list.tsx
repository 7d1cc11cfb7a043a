import { Space, Tag, Tooltip, Typography } from "antd";
import { Link } from "react-router";
import { helpCenterPath, legalSourcePath } from "../../../app/public-page-paths";
import { SOURCE_KINDS, type Citation } from "../../../schema/legal-ai";

/** How many hex digits of a SHA-256 a citation shows; the full value is on hover and in the copy. */
const SHORT_HASH_LENGTH = 12;

/** The anchor of citation `index` of one message, so [n] in the text jumps to its entry. */
export const citationAnchor = (messageKey: string, index: number) => `citation-${messageKey}-${index}`;

/** Where a citation's source opens: an article or case in the help centre, anything else (a rule) beside the assistant. */
export function citationSourcePath(citation: Citation): string {
  return citation.article ? helpCenterPath(citation.article) : legalSourcePath(citation.sourceKind, citation.sourceId);
}

/**
 * The sources an answer quotes, numbered as [n] in its text: how a lawyer cites each, the exact
 * quote, the quote's SHA-256 (so a reader can check it against the source) and a link to the
 * source. Extractive answers also show each passage's 相关度, the retrieval score it was chosen by.
 */
export function CitationList({ messageKey, citations, showScores }: { messageKey: string; citations: readonly Citation[]; showScores: boolean }) {
  if (citations.length === 0) return null;
  return (
    <ol aria-label="引用来源" style={{ paddingLeft: 20, margin: "12px 0 0" }}>
      {citations.map((citation) => (
        <li key={citation.index} id={citationAnchor(messageKey, citation.index)} value={citation.index} style={{ marginBottom: 12 }}>
          <Space size={8} wrap>
            <Tag>{SOURCE_KINDS[citation.sourceKind]}</Tag>
            <Link to={citationSourcePath(citation)}>{citation.label}</Link>
            {showScores && <Typography.Text type="secondary">相关度 {citation.score.toFixed(3)}</Typography.Text>}
          </Space>
          <blockquote style={{ margin: "6px 0", paddingLeft: 12, borderLeft: "3px solid #d9d9d9", whiteSpace: "pre-wrap" }}>{citation.quote}</blockquote>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            引文 SHA-256：
            <Tooltip title={citation.sha256}>
              <Typography.Text code copyable={{ text: citation.sha256, tooltips: ["复制完整哈希", "已复制"] }} aria-label={`SHA-256 ${citation.sha256}`}>
                {citation.sha256.slice(0, SHORT_HASH_LENGTH)}…
              </Typography.Text>
            </Tooltip>
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}
