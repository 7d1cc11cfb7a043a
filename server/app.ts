import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { BlobStore } from "./blobs/blob-store.js";
import type { AppConfig } from "./config.js";
import { openDatabase, type DatabaseHandle } from "./db/dialect.js";
import { migrateToLatest } from "./db/migrate.js";
import { seedDemoContent } from "./db/seed/seed-demo.js";
import { seedDemoNotary } from "./db/seed/seed-demo-notary.js";
import { startHousekeeping } from "./jobs/housekeeping.js";
import { validatorCompiler } from "./http/request-validation.js";
import { loggerOptions } from "./logging.js";
import { accountRoutes } from "./modules/account/account.routes.js";
import { createBillingServices, type BillingServices } from "./modules/billing/billing.module.js";
import { billingRoutes } from "./modules/billing/billing.routes.js";
import { createChainModule } from "./modules/chain/chain.module.js";
import { certificateRoutes } from "./modules/certificate/certificate.routes.js";
import { CertificatePdfPool } from "./modules/certificate/certificate-pdf-pool.js";
import { CertificateService } from "./modules/certificate/certificate.service.js";
import { createEvidenceServices } from "./modules/evidence/evidence.module.js";
import { evidenceLibraryModule } from "./modules/evidence-library/evidence-library.module.js";
import { evidenceRoutes } from "./modules/evidence/evidence.routes.js";
import type { EvidenceService } from "./modules/evidence/evidence.service.js";
import type { ChainService } from "./modules/chain/chain.service.js";
import { ledgerApiRoutes } from "./modules/ledger/ledger-api.routes.js";
import { ledgerTileRoutes } from "./modules/ledger/ledger-tiles.routes.js";
import { createLedgerService } from "./modules/ledger/ledger.module.js";
import type { LedgerService } from "./modules/ledger/ledger.service.js";
import { createAccountServices, type AccountServices } from "./modules/account/account.module.js";
import { loginRoutes } from "./modules/account/login.routes.js";
import { commonRoutes } from "./modules/common/common.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { CommonService } from "./modules/common/common.service.js";
import { DappRepository } from "./modules/common/dapp.repository.js";
import { ContentRepository } from "./modules/content/content.repository.js";
import { contentRoutes } from "./modules/content/content.routes.js";
import { obtainEvidenceRoutes } from "./modules/content/obtain-evidence.routes.js";
import { outboxRoutes } from "./modules/notifier/outbox.routes.js";
import { createNotaryServices, type NotaryServices } from "./modules/notary/notary.module.js";
import { notaryRoutes } from "./modules/notary/notary.routes.js";
import { createPersonalServices, personalRoutes, type PersonalServices } from "./modules/personal/personal.module.js";
import { scanLoginModule } from "./modules/scan-login/scan-login.module.js";
import { securityRoutes } from "./modules/security/security.routes.js";
import { ContentService } from "./modules/content/content.service.js";
import { SessionRepository } from "./modules/session/session.repository.js";
import { sessionRoutes } from "./modules/session/session.routes.js";
import { SessionService } from "./modules/session/session.service.js";
import { clientPlugin } from "./plugins/client.js";
import { errorsPlugin, protocolErrorOptions } from "./plugins/errors.js";
import { jsonBodyPlugin } from "./plugins/json-body.js";
import { multipartPlugin } from "./plugins/multipart.js";
import { opendocsPlugin } from "./plugins/opendocs.js";
import { securityHeadersPlugin } from "./plugins/security-headers.js";
import { sessionPlugin } from "./plugins/session.js";
import { signaturePlugin } from "./plugins/signature.js";
import { transportFieldsPlugin } from "./plugins/transport-fields.js";
import { AppMetaRepository } from "./db/app-meta.repository.js";
import { endSessionsExposedInVouchers } from "./modules/session/exposed-token-repair.js";

export type AppOptions = {
  config: AppConfig;
  /** An already opened database (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /** The clock; tests move it to cross session and signature limits. */
  now?: () => number;
  /** A pino destination (tests capture logs with it); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
};

export type AppServices = { sessions: SessionService; common: CommonService; content: ContentService; accounts: AccountServices; notary: NotaryServices; blobs: BlobStore; personal: PersonalServices; billing: BillingServices; ledger: LedgerService; chain: ChainService; evidence: EvidenceService; certificates: CertificateService };

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices;
    database: DatabaseHandle;
  }
}

/** Where the database lives for a configuration: PostgreSQL when DATABASE_URL is set. */
export function databaseTargetFor(config: AppConfig) {
  return config.databaseUrl
    ? ({ kind: "postgres", url: config.databaseUrl } as const)
    : ({ kind: "sqlite", file: path.join(config.dataDir, "platform.sqlite") } as const);
}

/**
 * Builds the whole platform as one Fastify app: infrastructure first (compilers, errors, docs),
 * then the cross-cutting plugins (signature, session), then the modules, then the client.
 * Used by server.ts and by the tests alike.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const database = options.database ?? openDatabase(databaseTargetFor(config));
  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemoContent(database.db, now());

  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    ...protocolErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const idleOverride = config.userSessionIdleMs ? { user: config.userSessionIdleMs } : {};
  const sessions = new SessionService(new SessionRepository(database.db), now, idleOverride);
  const accountServices = createAccountServices(config, database.db, sessions, now);
  const blobs = new BlobStore(path.join(config.dataDir, "blobs"));
  const certificatePdfs = new CertificatePdfPool({ workers: config.certificatePdfWorkers });
  // Refuses to start when the stored ledger contradicts its last signed checkpoint.
  const ledger = await createLedgerService({ config, db: database.db, now, log: app.log });
  // Witnesses, TSA and the live push around each checkpoint.
  const chainModule = await createChainModule({ config, db: database.db, ledger, now, log: app.log });
  // Settles records an interrupted run left pending before anything new is stored.
  const evidence = await createEvidenceServices({ db: database.db, ledger, blobs, users: accountServices.users, now, log: app.log });
  await endSessionsExposedInVouchers({ sessions, vouchers: evidence, markers: new AppMetaRepository(database.db), now, log: app.log });
  const services: AppServices = {
    sessions,
    common: new CommonService(new DappRepository(database.db), now, config.storagePrefix),
    content: new ContentService(new ContentRepository(database.db), config.storagePrefix),
    accounts: accountServices,
    notary: createNotaryServices(config, database.db, accountServices, sessions, now),
    blobs,
    personal: createPersonalServices({ config, db: database.db, accounts: accountServices, sessions, blobs, now }),
    billing: createBillingServices(database.db, accountServices.users),
    ledger,
    chain: chainModule.chain,
    evidence,
    certificates: new CertificateService({ ledger, evidence, time: chainModule.chain, publicBaseUrl: config.publicBaseUrl, now, renderer: certificatePdfs }),
  };
  // The demo notary account's password is public: development installations only.
  if (config.seedDemo && config.developmentProviders) await seedDemoNotary(database.db, services.notary.staff, now());
  app.decorate("services", services);
  app.decorate("database", database);
  // onClose hooks run last-registered first: the ledger integrates its waiting appends, then
  // the chain module stops, then the database closes, then the PDF threads end.
  app.addHook("onClose", async () => certificatePdfs.close());
  // A listening server starts its drawing threads at once (font loaded) so the first certificate
  // is not slow; an app only used through inject (tests) starts them on first use.
  app.addHook("onListen", (done) => {
    certificatePdfs.warmUp().catch((error) => app.log.error({ err: error }, "certificate PDF threads failed to start"));
    done();
  });
  app.addHook("onClose", async () => database.db.destroy());
  app.addHook("onClose", async () => chainModule.close());
  app.addHook("onClose", async () => ledger.close());

  await app.register(securityHeadersPlugin, { publicBaseUrl: config.publicBaseUrl });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(fastifyCookie);
  // Limits are per route (login, send-code); throttling of failed logins lives in the accounts module.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `请求过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试` }),
  });
  await app.register(opendocsPlugin);
  // Before the signature check, which signs the parsed multipart fields.
  await app.register(multipartPlugin);
  await app.register(signaturePlugin, { now });
  await app.register(sessionPlugin, { sessions: services.sessions });
  await app.register(transportFieldsPlugin);

  await app.register(healthRoutes);
  await app.register(sessionRoutes, { sessions: services.sessions });
  await app.register(commonRoutes, { service: services.common });
  await app.register(contentRoutes, { service: services.content });
  await app.register(obtainEvidenceRoutes);
  const { accounts } = services;
  await app.register(securityRoutes, { fields: accounts.fields, captchas: accounts.captchas, developmentProviders: config.developmentProviders });
  await app.register(loginRoutes, {
    login: accounts.login,
    devices: accounts.devices,
    refuseReplayedRequest: accounts.refuseReplayedRequest,
    perMinute: config.loginRateLimitPerMinute,
  });
  await app.register(accountRoutes, { accounts: accounts.accounts, refuseReplayedRequest: accounts.refuseReplayedRequest });
  if (config.developmentProviders) await app.register(outboxRoutes, { outbox: accounts.outbox });
  await app.register(notaryRoutes, {
    notary: services.notary.notary,
    devices: accounts.devices,
    refuseReplayedRequest: accounts.refuseReplayedRequest,
    perMinute: config.loginRateLimitPerMinute,
  });
  await app.register(scanLoginModule, { config, db: database.db, accounts, now });

  await app.register(personalRoutes, { personal: services.personal, developmentProviders: config.developmentProviders });
  await app.register(billingRoutes, { billing: services.billing.billing });
  // The chain module adds the witnesses' cosignatures and statuses to the ledger's public answers.
  await app.register(ledgerTileRoutes, { ledger, chain: services.chain });
  await app.register(ledgerApiRoutes, { ledger, chain: services.chain });
  await chainModule.register(app);
  await app.register(evidenceRoutes, { evidence });
  await app.register(certificateRoutes, { certificates: services.certificates, sessions });
  await app.register(evidenceLibraryModule, {
    config,
    db: database.db,
    ports: { evidence, certificates: services.certificates, ledger },
    captchas: accounts.captchas,
    now,
  });

  const housekeeping = startHousekeeping(
    [
      { name: "sessions", run: () => sessions.purgeEnded() },
      { name: "captchas", run: () => accounts.captchas.deleteExpired() },
      { name: "nonces", run: () => accounts.nonces.deleteExpired(now()) },
      { name: "login failures", run: () => accounts.throttle.deleteExpired() },
    ],
    app.log,
  );
  app.addHook("onClose", async () => housekeeping.stop());

  await app.register(clientPlugin, { clientDir: config.clientDir });
  await app.ready();
  return app;
}
