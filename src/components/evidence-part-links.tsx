import { Space } from "antd";
import type { PartUrl } from "../providers/evidence-library-client";
import { DOWNLOAD_PART_LABELS, type DownloadPart } from "../schema/evidence-library";
import type { EvidenceAttachment, EvidenceOriginal } from "../schema/evidence-original";

/**
 * Download links for one record's parts: the original (only where the platform keeps it, labelled
 * for what it is: 原始文件, 事务清单 …), each of a voucher's attachments, the certificate PDF and
 * the ledger proof. Each link is signed when clicked: a signature is only good for five minutes,
 * the page may stay open longer.
 */
export function EvidencePartLinks({ id, original, attachments = [], urlOf, parts = ["file", "certificate", "proof"], direction = "vertical" }: EvidencePartLinksProps) {
  const links: { key: string; label: string; title?: string; url: () => string }[] = [];
  for (const part of parts) {
    if (part === "file") {
      if (original) links.push({ key: part, label: original.label, title: original.fileName, url: () => urlOf(id, part) });
    } else if (part === "attachment") {
      attachments.forEach((attachment) =>
        links.push({ key: `attachment-${attachment.index}`, label: `${DOWNLOAD_PART_LABELS.attachment}：${attachment.fileName}`, title: attachment.fileName, url: () => urlOf(id, part, attachment.index) }),
      );
    } else {
      links.push({ key: part, label: DOWNLOAD_PART_LABELS[part], url: () => urlOf(id, part) });
    }
  }
  return (
    <Space direction={direction} size={direction === "vertical" ? 2 : "middle"} wrap>
      {links.map((link) => (
        <a key={link.key} href={link.url()} title={link.title} download onClick={(event) => (event.currentTarget.href = link.url())} style={{ wordBreak: "break-all" }}>
          {link.label}
        </a>
      ))}
    </Space>
  );
}

interface EvidencePartLinksProps {
  id: number;
  /** The record's original (label and file name), or null when only its digests were logged. */
  original: EvidenceOriginal | null;
  attachments?: readonly EvidenceAttachment[];
  urlOf: PartUrl;
  parts?: readonly DownloadPart[];
  direction?: "vertical" | "horizontal";
}
