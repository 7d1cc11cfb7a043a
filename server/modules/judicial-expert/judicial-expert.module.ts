import type { FastifyInstance } from "fastify";
import { startRecovery } from "../../jobs/recovery-pass.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { seedDemoInstitution } from "../../db/seed/seed-demo-institution.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { BillingServices } from "../billing/billing.module.js";
import type { EvidenceService } from "../evidence/evidence.service.js";
import type { EvidenceLibraryServices } from "../evidence-library/evidence-library.module.js";
import { publish, type ModuleContext } from "../module.js";
import type { Notifier } from "../notifier/notifier.js";
import { AppraisalInstitutions } from "./appraisal-institutions.js";
import { AppraisalOpinions } from "./appraisal-opinions.js";
import { AppraisalRepository } from "./appraisal.repository.js";
import { CommissionMoves } from "./commission-moves.js";
import { CommissionViews } from "./commission-views.js";
import { CommissionService } from "./commissions.service.js";
import { ExpertDesk } from "./expert-desk.service.js";
import { judicialExpertRoutes } from "./judicial-expert.routes.js";

export type JudicialExpertModuleOptions = ModuleContext & {
  accounts: Pick<AccountRecords, "findUser">;
  billing: Pick<BillingServices, "money">;
  evidence: EvidenceService;
  library: EvidenceLibraryServices;
  blobs: BlobStore;
  notifier: Notifier;
};

/**
 * Judicial appraisal (issue 17): the institutions and their experts (changed by operators through
 * the console, which this module publishes `institutions` for), the applicant's commissions, the
 * experts' desk on /judicialStatus and the opinion stored as evidence. The appraisal fee is a
 * billing reservation (service "appraisal"); the judicial pay module pays it through
 * `commissions.pay`. At start, opinions a killed process recorded but did not store are finished.
 */
export async function judicialExpertModule(app: FastifyInstance, { db, now, redis, config, accounts, billing, evidence, library, blobs, notifier }: JudicialExpertModuleOptions) {
  const repository = new AppraisalRepository(db);
  const institutions = new AppraisalInstitutions({ repository, accounts, now });
  const views = new CommissionViews({ repository, evidence });
  const moves = new CommissionMoves({ db, repository, money: billing.money, now });
  const commissions = new CommissionService({ db, repository, institutions, moves, views, accounts, evidence, notifier, now, log: app.log });
  const opinions = new AppraisalOpinions({
    db,
    repository,
    blobs,
    evidence,
    complete: (row, mover, opinionEvidenceId) => commissions.move(row, mover, { action: "complete", changes: { opinion_evidence_id: opinionEvidenceId } }),
    now,
    log: app.log,
  });
  const desk = new ExpertDesk({ repository, institutions, commissions, opinions, views, evidence });
  if (config.seedDemo) await seedDemoInstitution(db, institutions, now());
  await startRecovery(app, { redis, now }, { name: "appraisal-opinions", recover: (leftBefore) => opinions.recover(leftBefore) });
  publish(app, "judicialExpert", { institutions, commissions });
  await app.register(judicialExpertRoutes, { institutions, commissions, desk, opinions, library, evidence, now });
}

export type JudicialExpertServices = { institutions: AppraisalInstitutions; commissions: CommissionService };
