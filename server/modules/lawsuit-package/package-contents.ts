import { LAWSUIT_PACKAGE_LINK_TTL_MS, type PackageFile } from "../../../src/schema/lawsuit-package.js";
import { formatFileSize } from "../../../src/schema/format.js";
import { safeFileName } from "../../http/file-download.js";
import type { ExtraPackageFile, PackedEntry, PackedEntryRole } from "../evidence-library/package-writer.js";
import { paragraphOf } from "../content/html-sanitiser.js";

/**
 * What a litigation package adds to the evidence package of its certificate (the evidence
 * library's layout: original, attachments, certificate PDF, tlog-proof, entry, manifest, 清单), and
 * how the help centre describes each file.
 */

export const PACKAGE_PATHS = {
  checksReport: (certificateNo: string) => `检验报告/数据检验报告-${certificateNo}.pdf`,
  filingGuide: (title: string) => `诉讼指引/${safeFileName(title)}.pdf`,
  verification: "proofs/public-verification.json",
} as const;

const ROLE_DESCRIPTIONS: Record<Exclude<PackedEntryRole, "extra">, string> = {
  content: "证据原始文件（或平台保存的文本原文），与存证时的摘要一致",
  attachment: "凭证附件原件",
  certificate: "存证证书 PDF，内嵌账本记录与账本证明",
  proof: "账本证明（C2SP tlog-proof）：包含证明与平台签名的检查点",
  entry: "账本记录原文（规范化 JSON），即账本中记载的字节",
  manifest: "包内文件清单（机器可读）",
  list: "包内文件清单与核验方法（中文说明）",
};

/** A file the litigation package adds, with what the detail says of it. */
export type DescribedExtraFile = ExtraPackageFile & { description: string };

export function extraFiles(certificateNo: string, parts: { checksReport: Buffer; filingGuide: { title: string; pdf: Buffer }; verification: unknown }): DescribedExtraFile[] {
  return [
    { path: PACKAGE_PATHS.checksReport(certificateNo), content: parts.checksReport, description: "数据检验报告：逐项核验摘要、账本证明、见证者联署与时间来源" },
    { path: PACKAGE_PATHS.filingGuide(parts.filingGuide.title), content: parts.filingGuide.pdf, description: "诉讼包使用与向法院提交的指引" },
    {
      path: PACKAGE_PATHS.verification,
      content: Buffer.from(`${JSON.stringify(parts.verification, null, 2)}\n`, "utf8"),
      description: "平台公开核验接口的应答：账本记录、包含证明、签名检查点与持有人认证证明",
    },
  ];
}

/** Each entry written, as the detail lists it. */
export function packageFiles(entries: readonly PackedEntry[], extras: readonly DescribedExtraFile[]): PackageFile[] {
  const extraDescriptions = new Map(extras.map((extra) => [extra.path, extra.description]));
  return entries.map((entry) => ({ name: entry.path, bytes: entry.bytes, description: entry.role === "extra" ? extraDescriptions.get(entry.path)! : ROLE_DESCRIPTIONS[entry.role] }));
}

/** The detail's HTML (spec §3 content): what the package is for, then each file; every text escaped. */
export function packageContentHtml(certificateNo: string, files: readonly PackageFile[]): string {
  return [
    paragraphOf(`本诉讼包为证书 ${certificateNo} 的持有人生成，包含证据原件、存证证书、账本证明、数据检验报告与提交指引。请完整保存，不要修改其中的文件。`),
    ...files.map((file) => paragraphOf(`${file.name}（${formatFileSize(file.bytes)}）：${file.description}`)),
    paragraphOf(`下载链接 ${LAWSUIT_PACKAGE_LINK_TTL_MS / 60_000} 分钟内有效；过期后请重新验证。本说明不构成法律意见。`),
  ].join("");
}
