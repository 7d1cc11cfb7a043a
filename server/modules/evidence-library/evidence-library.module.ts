import type { FastifyInstance, FastifyReply } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { keepTidy } from "../../jobs/housekeeping.js";
import { PasswordHasher } from "../account/password-hasher.js";
import { publish, type ModuleContext } from "../module.js";
import type { CaptchaService } from "../security/captcha.service.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { evidenceLibraryRoutes } from "./evidence-library.routes.js";
import { extractionRoutes } from "./extraction.routes.js";
import { sendEvidencePart } from "./item-download.js";
import { ExtractionRepository } from "./extraction.repository.js";
import { ExtractionService } from "./extraction.service.js";
import { LibraryService } from "./library.service.js";
import { openPackageJobs } from "./open-package-jobs.js";
import type { PackageJobs } from "./package-jobs.js";
import { EVIDENCE_PACKAGES } from "./package-kind.js";

export type EvidenceLibraryModuleOptions = ModuleContext & {
  ports: EvidenceLibraryPorts;
  captchas: CaptchaService;
  blobs: BlobStore;
};

/**
 * What another module's party downloads with once that module has decided the party may see a
 * record: one part of it (original, attachment, certificate PDF, proof), or packages built for an
 * owner key of the module's choosing.
 */
export type EvidenceLibraryServices = {
  packages: PackageJobs;
  sendPart: (reply: FastifyReply, request: Parameters<typeof sendEvidencePart>[2], record: LibraryRecord) => ReturnType<typeof sendEvidencePart>;
};

/**
 * The evidence library (/evidences and the third party's extraction pages) as one plugin: the
 * holder's list, extraction codes and packaged downloads over the evidence, certificate and
 * ledger services it is given; it owns only the extraction tables and its packaging jobs, whose
 * rows go through the row queue (in this process, or workers' with Redis) and whose ZIPs wait in
 * the blob store, so any process answers their status and download.
 */
export async function evidenceLibraryModule(app: FastifyInstance, options: EvidenceLibraryModuleOptions) {
  const { config, db, ports, captchas, now } = options;
  const library = new LibraryService(ports.evidence);
  const extractions = new ExtractionService(new ExtractionRepository(db), ports.evidence, new PasswordHasher(config.passwordScryptLogN), now);
  // Close hooks run last-registered first: the packages being written finish before the
  // certificate threads they draw on close (registered earlier).
  const packages = await openPackageJobs(app, options, EVIDENCE_PACKAGES);
  // Other parties a holder shares evidence with (an appraisal institution's experts) download through the same parts and packages.
  publish(app, "evidenceLibrary", { packages, sendPart: (reply, request, record) => sendEvidencePart(reply, ports, request, record) });

  await app.register(evidenceLibraryRoutes, { library, extractions, packages, ports, now });
  await app.register(extractionRoutes, { extractions, packages, ports, captchas, loginPerMinute: config.loginRateLimitPerMinute, now });

  keepTidy(app, [
    { name: "extraction sessions", run: () => extractions.purgeEndedSessions() },
    { name: "evidence packages", run: () => packages.purge() },
  ]);
}
