import { PROVENANCE_LABELS } from "../../../src/schema/capture.js";
import type { CertificateCapture } from "../../../src/schema/certificate.js";
import { formatDateTime } from "../../../src/schema/format.js";
import { A4 } from "../../pdf/a4-document.js";
import type { BlockLimits, LaidBlock } from "../../pdf/laid-text.js";

/** The certificate's own drawing helpers, so both pages look alike and lay out record text the same bounded way. */
export interface PageTools {
  frame(doc: PDFKit.PDFDocument): void;
  footer(): void;
  layoutBlock(doc: PDFKit.PDFDocument, text: string, limits: BlockLimits): LaidBlock;
  drawLaidBlock(doc: PDFKit.PDFDocument, block: LaidBlock, x: number, y: number): void;
}

const MARGIN = 50;
const LABEL_WIDTH = 112;
const ACCENT = "#a0262c";
const INK = "#1f1f1f";
const MUTED = "#6b6b6b";
const RULE = "#d9d9d9";
/** Above the footer line. */
const BOTTOM = A4.height - MARGIN - 26;
/** One value may take this much: a long origin list or file list continues on a further page. */
const VALUE_LIMITS = { maxLines: 14, maxChars: 3000 };
const PADDING = 6;

/**
 * 取证环境与过程: the facts of how the platform's browser captured the page (provenance and QA),
 * drawn after the certificate's first page, which stays as every certificate's is.
 */
export function drawCapturePages(doc: PDFKit.PDFDocument, capture: CertificateCapture, tools: PageTools): void {
  drawFactPages(doc, PROVENANCE_LABELS.heading, captureRows(capture), tools);
}

/**
 * Labelled rows on pages of their own after the certificate's first page (a capture's or a
 * recording's facts), under `heading`. Rows that do not fit continue on another page with the same
 * frame and footer.
 */
export function drawFactPages(doc: PDFKit.PDFDocument, heading: string, rows: readonly [string, string][], tools: PageTools): void {
  const startPage = () => {
    doc.addPage();
    tools.frame(doc);
    tools.footer();
    doc.fillColor(ACCENT).fontSize(18).text(heading, MARGIN, 58, { width: A4.width - 2 * MARGIN, align: "center", characterSpacing: 3 });
    doc.moveDown(0.8);
    return doc.y;
  };
  const valueWidth = A4.width - 2 * MARGIN - LABEL_WIDTH - 16;
  let y = startPage();
  doc.strokeColor(RULE).lineWidth(0.6).moveTo(MARGIN, y).lineTo(A4.width - MARGIN, y).stroke();
  for (const [label, value] of rows) {
    const isCode = /^[\x20-\x7e\n]+$/.test(value) && value.length > 40;
    const block = tools.layoutBlock(doc, value, { width: valueWidth, fontSize: isCode ? 8 : 9.5, ...VALUE_LIMITS });
    const height = Math.max(block.height, 13) + PADDING;
    if (y + height > BOTTOM) {
      y = startPage();
      doc.strokeColor(RULE).lineWidth(0.6).moveTo(MARGIN, y).lineTo(A4.width - MARGIN, y).stroke();
    }
    doc.fillColor(MUTED).fontSize(9.5).text(label, MARGIN + 4, y + PADDING / 2, { width: LABEL_WIDTH - 8, lineBreak: false });
    doc.fillColor(INK);
    tools.drawLaidBlock(doc, block, MARGIN + LABEL_WIDTH, y + PADDING / 2);
    y += height;
    doc.strokeColor(RULE).moveTo(MARGIN, y).lineTo(A4.width - MARGIN, y).stroke();
  }
}

function captureRows(capture: CertificateCapture): [string, string][] {
  const time = (iso: string) => `${formatDateTime(Date.parse(iso))}（北京时间）`;
  const none = "无";
  return [
    [PROVENANCE_LABELS.requestedUrl, capture.url],
    [PROVENANCE_LABELS.finalUrl, capture.finalUrl],
    [PROVENANCE_LABELS.title, capture.title || none],
    [PROVENANCE_LABELS.startedAt, time(capture.startedAt)],
    [PROVENANCE_LABELS.endedAt, time(capture.endedAt)],
    [PROVENANCE_LABELS.software, capture.software],
    ["Chromium 版本", capture.chromium],
    [PROVENANCE_LABELS.node, [`出口地址：${capture.nodeAddresses.join("、") || "未知"}`, `公网地址：${capture.publicAddress ?? "运营方未声明"}`].join("\n")],
    [PROVENANCE_LABELS.origins, capture.origins.map((origin) => `${origin.origin} → ${origin.addresses.join("、") || none}`).join("\n") || none],
    [
      "TLS 连接",
      capture.origins
        .filter((origin) => origin.tls)
        .map((origin) => `${origin.origin}：${origin.tls!.protocol}；证书主体 ${origin.tls!.subject}；签发者 ${origin.tls!.issuer}；SHA-256 指纹 ${origin.tls!.fingerprint256}`)
        .join("\n") || "未使用 HTTPS",
    ],
    [PROVENANCE_LABELS.redirects, capture.redirects.map((redirect) => `${redirect.status} ${redirect.from} → ${redirect.to}`).join("\n") || none],
    [PROVENANCE_LABELS.blocked, capture.blocked.length === 0 ? none : capture.blocked.map((blocked) => `${blocked.reason}：${blocked.count} 个`).join("\n")],
    [
      PROVENANCE_LABELS.qa,
      capture.qaFindings.length === 0
        ? "通过，未发现问题"
        : `${capture.qaFindings.map((finding) => `${finding.message}（${finding.detail}）`).join("\n")}\n${capture.qaAccepted ? "持有人已确认上述发现并同意按现状存证" : ""}`.trim(),
    ],
    ["取证包清单摘要", `datapackage.json SHA-256：${capture.manifestSha256}`],
    ["取证包文件", capture.files.map((file) => `${file.path}（${file.bytes.toLocaleString("en-US")} 字节）\nSHA-256 ${file.sha256}`).join("\n")],
  ];
}
