import { maskDisplayName } from "../../../src/schema/certificate.js";
import { LAWSUIT_PACKAGE_LINK_TTL_MS, LAWSUIT_PACKAGE_MESSAGES } from "../../../src/schema/lawsuit-package.js";
import type { CertificateService } from "../certificate/certificate.service.js";
import type { DigitalReportServices } from "../digital-report/digital-report.module.js";
import type { PackageKindDefinition } from "../evidence-library/package-kind.js";
import { extraFiles, packageFiles } from "./package-contents.js";
import { renderPlatformDocumentPdf, type PlatformDocument } from "./platform-document-pdf.js";

/** Litigation packages built at once by one process: each draws a checks report and a guide besides its ZIP. */
const LAWSUIT_PACKAGES_AT_ONCE = 2;

export type LawsuitPackageParts = {
  checks: DigitalReportServices["checks"];
  certificates: Pick<CertificateService, "verifyByCertificateNo">;
  filingGuide: PlatformDocument;
};

/**
 * The litigation package as a kind of packaging job (evidence-library/package-kind.ts): the
 * evidence package of its one record plus the checks report, the filing guide and the public
 * verification, all made by whichever process runs the job; the asker is told each file written.
 * A record deleted since the holder's check is refused as the check refuses.
 */
export function lawsuitPackageKind(parts: LawsuitPackageParts): PackageKindDefinition {
  return {
    kind: "lawsuit",
    queue: { key: "lawsuit.packages", name: "诉讼包生成", concurrency: LAWSUIT_PACKAGES_AT_ONCE },
    ttlMs: LAWSUIT_PACKAGE_LINK_TTL_MS,
    recordGone: LAWSUIT_PACKAGE_MESSAGES.notHolder,
    extend: async ([record], createdAt) => {
      const { certificateNo } = record;
      const [checks, filingGuide, verification] = await Promise.all([
        parts.checks.inspectAndRender([record], { reportNo: `诉讼包-${certificateNo}`, name: `${certificateNo} 诉讼包数据检验`, applicant: maskDisplayName(record.holderName), purpose: "随诉讼包提交" }),
        renderPlatformDocumentPdf(parts.filingGuide, createdAt),
        parts.certificates.verifyByCertificateNo(certificateNo),
      ]);
      const extras = extraFiles(certificateNo, { checksReport: checks.pdf, filingGuide: { title: parts.filingGuide.title, pdf: filingGuide }, verification });
      return { extraFiles: extras, describe: (entries) => packageFiles(entries, extras) };
    },
  };
}
