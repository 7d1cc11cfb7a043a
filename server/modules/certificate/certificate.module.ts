import type { FastifyInstance } from "fastify";
import type { ChainService } from "../chain/chain.service.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import { publish, type ModuleContext } from "../module.js";
import type { SessionService } from "../session/session.service.js";
import { CertificatePdfPool } from "./certificate-pdf-pool.js";
import { certificateRoutes } from "./certificate.routes.js";
import { CertificateService, type EvidenceLookups } from "./certificate.service.js";
import { HolderIdentityProver, type HolderIdentityPorts } from "./holder-identity.js";

export type CertificateModuleOptions = ModuleContext & {
  ledger: LedgerPort;
  evidence: EvidenceLookups;
  /** The chain's TSA tokens attest each entry's time. */
  chain: Pick<ChainService, "timestampFor">;
  sessions: SessionService;
  /** Who approved the holder's identity: the personal module's applications and the audit trail's logged decisions. */
  holders: Omit<HolderIdentityPorts, "ledger">;
};

/** Evidence certificates: the PDF with its embedded proof, and the public verification pages' lookups. */
export async function certificateModule(app: FastifyInstance, options: CertificateModuleOptions) {
  const { config, now, jobs, ledger, evidence, chain, sessions, holders } = options;
  const renderer = new CertificatePdfPool({ workers: config.certificatePdfWorkers });
  jobs.declare({ key: "certificate.pdf", name: "证书 PDF 绘制", depth: () => renderer.depth() });
  const holderIdentity = new HolderIdentityProver({ ...holders, ledger });
  const certificates = publish(app, "certificates", new CertificateService({ ledger, evidence, holderIdentity, time: chain, publicBaseUrl: config.publicBaseUrl, now, renderer }));
  // The digital report and notarisation modules draw their PDFs on the same threads.
  publish(app, "pdfs", renderer);
  // A listening server starts its drawing threads at once (font loaded) so the first certificate
  // is not slow; an app only used through inject (tests) starts them on first use.
  app.addHook("onListen", (done) => {
    renderer.warmUp().catch((error) => app.log.error({ err: error }, "certificate PDF threads failed to start"));
    done();
  });
  // Registered before the evidence library, whose package jobs still draw certificates while they drain: closes after it.
  app.addHook("onClose", async () => renderer.close());
  await app.register(certificateRoutes, { certificates, sessions });
}
