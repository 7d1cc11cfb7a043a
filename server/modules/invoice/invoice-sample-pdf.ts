import { PLATFORM_NAME } from "../../../src/schema/constants.js";
import { formatDateTime } from "../../../src/schema/format.js";
import { DEVELOPMENT_SAMPLE_MARK, DEVELOPMENT_SAMPLE_NOTE, INVOICE_DIRECTION_LABELS, INVOICE_KIND_LABELS, TITLE_KIND_LABELS } from "../../../src/schema/invoice.js";
import { formatYuanWithCents } from "../../../src/schema/money.js";
import { A4, openA4Document } from "../../pdf/a4-document.js";
import type { InvoiceRequest } from "./invoice-provider.js";

const PAGE = { ...A4, margin: 56 };
const MARK_COLOUR = "#c62828";
const TEXT_COLOUR = "#222222";
const MUTED = "#666666";

/**
 * The development provider's sample: a plain A4 page that says on every line of sight that it is a
 * development sample and not a tax invoice. On purpose it has none of a real invoice's marks: no
 * tax-bureau seal, no 发票代码, no grid of the national format, no machine-readable code.
 */
export async function renderSampleInvoicePdf(request: InvoiceRequest, invoiceNo: string, issuedAt: number): Promise<Buffer> {
  const { doc, finished } = openA4Document({ margin: PAGE.margin, title: `${DEVELOPMENT_SAMPLE_MARK} ${invoiceNo}`, subject: DEVELOPMENT_SAMPLE_NOTE, issuedAt });

  drawWatermark(doc);
  const width = PAGE.width - 2 * PAGE.margin;
  doc.fillColor(MARK_COLOUR).fontSize(24).text(`${DEVELOPMENT_SAMPLE_MARK}　非税务发票`, PAGE.margin, PAGE.margin, { width, align: "center" });
  doc.moveDown(0.4).fontSize(11).text(DEVELOPMENT_SAMPLE_NOTE, { width, align: "center" });
  doc.moveDown(1.2).fillColor(TEXT_COLOUR).fontSize(12);
  for (const [label, value] of factsOf(request, invoiceNo, issuedAt)) {
    doc.text(`${label}：${value}`, { width });
    doc.moveDown(0.35);
  }
  doc
    .moveDown(1)
    .fillColor(MUTED)
    .fontSize(9.5)
    .text(`本文件由${PLATFORM_NAME}开发环境的模拟开票服务生成，用于演示开票流程。它不是税务机关监制或认可的发票，不能用于报销、抵扣或记账。`, { width });
  doc.end();
  return finished;
}

function factsOf(request: InvoiceRequest, invoiceNo: string, issuedAt: number): [string, string][] {
  const { buyer } = request;
  const sign = request.direction === "red" ? "-" : "";
  const facts: [string, string][] = [
    ["样张编号", invoiceNo],
    ["性质", INVOICE_DIRECTION_LABELS[request.direction]],
    ["类型", INVOICE_KIND_LABELS[request.kind]],
    ["开具时间", `${formatDateTime(issuedAt)}（北京时间）`],
    ["购买方", `${buyer.name}（${TITLE_KIND_LABELS[buyer.titleKind]}）`],
  ];
  if (buyer.taxpayerId) facts.push(["纳税人识别号", buyer.taxpayerId]);
  if (buyer.registeredAddress || buyer.registeredPhone) facts.push(["地址、电话", [buyer.registeredAddress, buyer.registeredPhone].filter(Boolean).join(" ")]);
  if (buyer.bankName || buyer.bankAccount) facts.push(["开户行及账号", [buyer.bankName, buyer.bankAccount].filter(Boolean).join(" ")]);
  facts.push(["项目", "信息技术服务（电子数据存证平台账户充值）"], ["金额", `${sign}${formatYuanWithCents(request.amountFen)} 元`], ["销售方", PLATFORM_NAME]);
  facts.push(["订单", request.orderNos.join("、")], ["申请编号", String(request.applicationId)]);
  if (request.original) facts.push(["冲销的蓝字样张", request.original.invoiceNo], ["红冲原因", request.original.reason]);
  return facts;
}

/** The mark across the page, light enough to read the facts through. */
function drawWatermark(doc: PDFKit.PDFDocument) {
  doc.save();
  doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fillColor(MARK_COLOUR).opacity(0.12).fontSize(72);
  doc.text(DEVELOPMENT_SAMPLE_MARK, 0, PAGE.height / 2 - 40, { width: PAGE.width, align: "center", lineBreak: false });
  doc.restore();
  doc.opacity(1);
}
