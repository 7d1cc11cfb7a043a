import { EVIDENCE_KIND_LABELS } from "../../../src/schema/evidence.js";
import { evidenceOriginal, storedAttachments, type StoredAttachment } from "../../../src/schema/evidence-original.js";
import { formatDateTime, formatFileSize } from "../../../src/schema/format.js";
import { safeFileName } from "../../http/file-download.js";
import type { LibraryRecord } from "./evidence-library.ports.js";

/**
 * What an evidence package holds and how it is laid out: one folder per item named by its
 * certificate number (unique, so names never clash), with the original under its own file name
 * (extension kept), a voucher's attachments under 附件/ (numbered, so equal names never clash), the
 * certificate PDF, the C2SP tlog-proof and the logged entry; manifest.json for programs and
 * 清单.txt for people.
 */

export const MANIFEST_FORMAT = "hengzheng-evidence-package/1";
const ATTACHMENT_FOLDER = "附件";

export interface PackedItem {
  record: LibraryRecord;
  /** Paths inside the ZIP; `content` is null for evidence stored as digests only. */
  paths: { content: string | null; certificate: string; proof: string; entry: string };
  attachments: { attachment: StoredAttachment; path: string }[];
}

/** The file name of a record's original wherever it is handed out (download, ZIP), or null without one. */
export function originalFileName(record: LibraryRecord): string | null {
  const original = evidenceOriginal({ ...record, hasContent: record.blobSha256 !== null });
  return original && safeFileName(original.fileName);
}

/** Bytes of stored content an item packs: its original and its attachments. */
export function storedBytes(record: LibraryRecord): number {
  return storedAttachments(record).reduce((sum, attachment) => sum + attachment.size, record.size);
}

export const certificateFileName = (record: LibraryRecord) => `存证证书-${record.certificateNo}.pdf`;
export const proofFileName = (record: LibraryRecord) => `${record.certificateNo}.tlog-proof`;

export function itemPaths(record: LibraryRecord, hasContent: boolean): Omit<PackedItem, "record"> {
  const folder = record.certificateNo;
  const original = hasContent ? originalFileName(record) : null;
  return {
    paths: {
      content: original && `${folder}/${original}`,
      certificate: `${folder}/${certificateFileName(record)}`,
      proof: `${folder}/${proofFileName(record)}`,
      entry: `${folder}/${record.certificateNo}.entry.json`,
    },
    attachments: storedAttachments(record).map((attachment) => ({
      attachment,
      path: `${folder}/${ATTACHMENT_FOLDER}/${String(attachment.index + 1).padStart(2, "0")}-${safeFileName(attachment.fileName)}`,
    })),
  };
}

export function manifestJson(items: readonly PackedItem[], ledger: { origin: string; verifierKey: string }, createdAt: number): string {
  const manifest = {
    format: MANIFEST_FORMAT,
    createdAt: new Date(createdAt).toISOString(),
    ledger: { origin: ledger.origin, verifierKey: ledger.verifierKey },
    items: items.map(({ record, paths, attachments }) => ({
      certificateNo: record.certificateNo,
      name: record.name,
      kind: record.kind,
      size: record.size,
      sha256: record.sha256,
      sm3: record.sm3,
      createdAt: new Date(record.createdAt).toISOString(),
      ledgerIndex: record.ledgerIndex,
      blockHeight: record.blockHeight,
      files: paths,
      attachments: attachments.map(({ attachment, path }) => ({ fileName: attachment.fileName, size: attachment.size, sha256: attachment.sha256, sm3: attachment.sm3, path })),
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The Chinese list for people, CRLF so that Windows Notepad shows its lines. */
export function packingListText(items: readonly PackedItem[], ledger: { origin: string; verifierKey: string }, createdAt: number): string {
  const lines = [
    "证据打包清单",
    `打包时间：${formatDateTime(createdAt)}（北京时间）`,
    `证据数量：${items.length} 条`,
    `账本名称：${ledger.origin}`,
    `账本公钥：${ledger.verifierKey}`,
    "",
  ];
  items.forEach(({ record, paths, attachments }, index) => {
    lines.push(
      `【${index + 1}】${record.name}`,
      `  证据类型：${EVIDENCE_KIND_LABELS[record.kind]}`,
      `  证书编号：${record.certificateNo}`,
      `  存证时间：${formatDateTime(record.createdAt)}`,
      `  大小：${formatFileSize(record.size)}（${record.size} 字节）`,
      `  SHA-256：${record.sha256}`,
      `  SM3：${record.sm3}`,
      `  账本序号：${record.ledgerIndex ?? "—"}　区块高度：${record.blockHeight ?? "—"}`,
      `  原始文件：${paths.content ?? "无（仅存证摘要，平台未保存原件）"}`,
      ...attachments.map(({ attachment, path }) => `  附件：${path}（${formatFileSize(attachment.size)}，SHA-256：${attachment.sha256}）`),
      `  存证证书：${paths.certificate}`,
      `  账本证明：${paths.proof}`,
      `  账本记录：${paths.entry}`,
      "",
    );
  });
  lines.push(
    "核验方法：",
    "1. 计算原始文件的 SHA-256（或 SM3），应与本清单及存证证书上的摘要一致；交易凭证的附件摘要记载在凭证原文（JSON）中；",
    "2. 在本平台“查询验证”页面输入证书编号核验，或使用离线验证工具核验证书、账本证明与原始文件；",
    "3. 账本证明（.tlog-proof）为 C2SP tlog-proof 格式，含包含证明与平台签名的检查点，可用上列账本公钥独立核验。",
  );
  return `${lines.join("\r\n")}\r\n`;
}
