import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { AppMetaRepository } from "../../db/app-meta.repository.js";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { CertificateService } from "../certificate/certificate.service.js";
import type { DigitalReportServices } from "../digital-report/digital-report.module.js";
import { openPackageJobs } from "../evidence-library/open-package-jobs.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { LedgerService } from "../ledger/ledger.service.js";
import { publish, type ModuleContext } from "../module.js";
import type { IdentityService } from "../personal/identity.service.js";
import type { CaptchaService } from "../security/captcha.service.js";
import { FILING_GUIDE } from "./filing-guide.js";
import { lawsuitPackageKind } from "./lawsuit-package-kind.js";
import { LawsuitPackageRepository } from "./lawsuit-package.repository.js";
import { lawsuitPackageRoutes } from "./lawsuit-package.routes.js";
import { LawsuitPackageService } from "./lawsuit-package.service.js";
import { PRINCIPLES_DOCUMENT } from "./principles-document.js";
import { PrinciplesService } from "./principles.service.js";

export type LawsuitPackageModuleOptions = ModuleContext & {
  captchas: CaptchaService;
  evidence: EvidenceService;
  certificates: CertificateService;
  ledger: LedgerService;
  identity: IdentityService;
  checks: DigitalReportServices["checks"];
  blobs: BlobStore;
};

/** The principles document, for the legal assistant's citations and the tests. */
export type LawsuitPackageServices = { principles: PrinciplesService; packages: LawsuitPackageService };

/**
 * The help centre's generated documents (issue 19): the litigation package of a certificate for its
 * holder, downloaded through a short-lived ticket, and the principles of electronic evidence as a
 * PDF and page images. Owns lawsuit_package_attempts and the packaging jobs of kind "lawsuit"
 * (their own row queue, run by workers with Redis), whose ZIPs are scratch files of the blob store.
 */
export async function lawsuitPackageModule(app: FastifyInstance, options: LawsuitPackageModuleOptions) {
  const { db, now } = options;
  const ports = { evidence: options.evidence, certificates: options.certificates, ledger: options.ledger };
  const jobs = await openPackageJobs(app, { ...options, ports }, lawsuitPackageKind({ checks: options.checks, certificates: options.certificates, filingGuide: FILING_GUIDE }));
  const packages = new LawsuitPackageService({
    repository: new LawsuitPackageRepository(db),
    captchas: options.captchas,
    evidence: options.evidence,
    identity: options.identity,
    jobs,
    now,
  });
  const principles = new PrinciplesService({ document: PRINCIPLES_DOCUMENT, blobs: options.blobs, meta: new AppMetaRepository(db), now });
  publish(app, "lawsuitPackage", { principles, packages });
  await packages.sweep();
  await app.register(lawsuitPackageRoutes, { packages, principles });
  keepTidy(app, [{ name: "lawsuit packages", run: () => packages.sweep() }]);
}
