import type { FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import { seedDemoLawyer } from "../../db/seed/seed-demo-lawyer.js";
import type { AccountRecords } from "../account/account-records.service.js";
import type { EvidencePort } from "../evidence/evidence.types.js";
import { publish, type ModuleContext } from "../module.js";
import type { Notifier } from "../notifier/notifier.js";
import { ConsultationRepository } from "./consultation.repository.js";
import { ConsultationService } from "./consultation.service.js";
import { LawyerProfileRepository } from "./lawyer-profile.repository.js";
import { LawyerProfiles } from "./lawyer-profiles.service.js";
import { lawyerRoutes } from "./lawyer.routes.js";

export type LawyerModuleOptions = ModuleContext & {
  accounts: AccountRecords;
  evidence: Pick<EvidencePort, "getForHolder">;
  blobs: BlobStore;
  notifier: Notifier;
};

export type LawyerServices = { lawyers: LawyerProfiles; consultations: ConsultationService };

/**
 * The lawyer service (issue 17, /lawService/wsLawyer): lawyer profiles and consultation threads.
 * The console marks lawyers through `lawyers` inside its audited transactions (app.services.lawyers).
 */
export async function lawyerModule(app: FastifyInstance, { config, db, now, accounts, evidence, blobs, notifier }: LawyerModuleOptions) {
  const lawyers = new LawyerProfiles({ repository: new LawyerProfileRepository(db), now });
  const consultations = new ConsultationService({ db, repository: new ConsultationRepository(db), lawyers, evidence, accounts, blobs, notifier, now, log: app.log });
  publish(app, "lawyers", { lawyers, consultations });
  // The demo lawyer's password is public: development installations only.
  if (config.seedDemo && config.developmentProviders) await seedDemoLawyer(db, { accounts, lawyers }, now());
  await app.register(lawyerRoutes, { lawyers, consultations });
}
