import { Space } from "antd";
import { DOWNLOAD_PART_LABELS, type DownloadPart } from "../schema/evidence-library";

/**
 * Download links for one record's parts: the original file (only where the platform keeps it),
 * the certificate PDF and the ledger proof. Each link is signed when clicked: a signature is only
 * good for five minutes, the page may stay open longer.
 */
export function EvidencePartLinks({ id, hasContent, urlOf, parts = ["file", "certificate", "proof"], direction = "vertical" }: EvidencePartLinksProps) {
  const shown = parts.filter((part) => part !== "file" || hasContent);
  return (
    <Space direction={direction} size={direction === "vertical" ? 2 : "middle"}>
      {shown.map((part) => (
        <a key={part} href={urlOf(id, part)} download onClick={(event) => (event.currentTarget.href = urlOf(id, part))}>
          {DOWNLOAD_PART_LABELS[part]}
        </a>
      ))}
    </Space>
  );
}

interface EvidencePartLinksProps {
  id: number;
  hasContent: boolean;
  urlOf: (id: number, part: DownloadPart) => string;
  parts?: readonly DownloadPart[];
  direction?: "vertical" | "horizontal";
}
