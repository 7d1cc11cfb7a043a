import path from "node:path";
import fastifyWebsocket from "@fastify/websocket";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from "fastify";
import { openBlobStore } from "./blobs/open-blob-store.js";
import type { AppConfig } from "./config.js";
import { AppMetaRepository } from "./db/app-meta.repository.js";
import { openDatabase, type DatabaseHandle } from "./db/dialect.js";
import { assertSchemaCurrent } from "./db/migrate.js";
import { seedDemoContent } from "./db/seed/seed-demo.js";
import { validatorCompiler } from "./http/request-validation.js";
import { responseSerializerCompiler } from "./http/response-serialization.js";
import { JobQueues } from "./jobs/job-queues.js";
import { Housekeeping } from "./jobs/housekeeping.js";
import type { ProcessRole } from "./process-role.js";
import { sharedRateLimitStore } from "./redis/rate-limit-store.js";
import { openSharedRedis } from "./redis/redis-connection.js";
import { loggerOptions } from "./logging.js";
import { accountModule } from "./modules/account/account.module.js";
import { billingModule } from "./modules/billing/billing.module.js";
import { purchaseModule } from "./modules/purchase/purchase.module.js";
import { captureModule } from "./modules/capture/capture.module.js";
import { platformMonitorLibraries } from "./modules/monitor/monitor-libraries.js";
import { monitorModule } from "./modules/monitor/monitor.module.js";
import { sealModule } from "./modules/seal/seal.module.js";
import { deviceModule } from "./modules/device/device.module.js";
import { digitalReportModule } from "./modules/digital-report/digital-report.module.js";
import { liveRecordModule } from "./modules/live-record/live-record.module.js";
import type { CapturePorts } from "./modules/capture/capture-ports.js";
import { platformCapturePorts } from "./modules/capture/platform-capture-ports.js";
import { recordingModule } from "./modules/recording/recording.module.js";
import { cloudBrowserModule } from "./modules/cloud-browser/cloud-browser.module.js";
import { createBrowserPool } from "./capture/browser/browser-pool.js";
import { cloudBrowserAvailability, DEFAULT_FFMPEG_PATH } from "./recording/cloud-browser/cloud-browser-engine.js";
import { certificateModule } from "./modules/certificate/certificate.module.js";
import { childAccountModule } from "./modules/child-account/child-account.module.js";
import { commonModule } from "./modules/common/common.module.js";
import { openAuditTrail } from "./modules/console/audit/audit.module.js";
import { consoleModule } from "./modules/console/console.module.js";
import { contentModule } from "./modules/content/content.module.js";
import { evidenceLibraryModule } from "./modules/evidence-library/evidence-library.module.js";
import { evidenceModule } from "./modules/evidence/evidence.module.js";
import { healthModule } from "./modules/health/health.module.js";
import { helpCenterModule } from "./modules/help-center/help-center.module.js";
import { invoiceModule } from "./modules/invoice/invoice.module.js";
import { lawsuitPackageModule } from "./modules/lawsuit-package/lawsuit-package.module.js";
import { lawyerModule } from "./modules/lawyer/lawyer.module.js";
import { createSearchIndex } from "./search/create-search-index.js";
import { helpCentreArticles } from "./modules/legal-ai/article-source.js";
import { legalAiModule, type LegalAiSources } from "./modules/legal-ai/legal-ai.module.js";
import { LEGAL_RULES } from "./modules/legal-ai/sources/legal-rules.js";
import { judicialExpertModule } from "./modules/judicial-expert/judicial-expert.module.js";
import { judicialPayModule } from "./modules/judicial-pay/judicial-pay.module.js";
import { ledgerModule } from "./modules/ledger/ledger.module.js";
import { publish, type AppServices, type ModuleContext } from "./modules/module.js";
import { notaryModule } from "./modules/notary/notary.module.js";
import { notarizationModule } from "./modules/notarization/notarization.module.js";
import { notifierModule } from "./modules/notifier/notifier.module.js";
import { paymentModule } from "./modules/payment/payment.module.js";
import { personalModule } from "./modules/personal/personal.module.js";
import { scanLoginModule } from "./modules/scan-login/scan-login.module.js";
import { securityModule } from "./modules/security/security.module.js";
import { endSessionsExposedInVouchers } from "./modules/session/exposed-token-repair.js";
import { sessionModule } from "./modules/session/session.module.js";
import { clientPlugin } from "./plugins/client.js";
import { errorsPlugin, protocolErrorOptions } from "./plugins/errors.js";
import { jsonBodyPlugin } from "./plugins/json-body.js";
import { multipartPlugin } from "./plugins/multipart.js";
import { opendocsPlugin } from "./plugins/opendocs.js";
import { securityHeadersPlugin } from "./plugins/security-headers.js";
import { signaturePlugin } from "./plugins/signature.js";
import { transportFieldsPlugin } from "./plugins/transport-fields.js";

export type { AppServices } from "./modules/module.js";

export type AppOptions = {
  config: AppConfig;
  /** An already opened (and migrated) database; otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /** The clock; tests move it to cross session and signature limits. */
  now?: () => number;
  /** A pino destination (tests capture logs with it); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
  /**
   * Further modules, registered after the platform's own with the same context (a test adds a
   * section of its own this way, routes declared from its own contract objects).
   */
  modules?: readonly FastifyPluginAsync<ModuleContext>[];
  /** Replaces parts of the capture ports (issue 15): tests give an engine double, or `engine: null` for none. */
  capture?: Partial<CapturePorts>;
  /** The legal assistant's sources (issue 19): tests give their own rules or articles; the platform's search index unless given. */
  legalAi?: Partial<LegalAiSources>;
  /** What this process does (server/process-role.ts): "all" unless given; server.ts gives "web" and worker.ts "worker" when REDIS_URL is set. */
  role?: ProcessRole;
  /** Sees every route as it is registered (tests list the console's routes and their permissions). */
  onRoute?: (route: RouteOptions) => void;
};

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** The job queues the modules declared (server/jobs/job-queues.ts). */
    jobQueues: JobQueues;
    /** What the modules tidy every ten minutes (server/jobs/housekeeping.ts). */
    housekeeping: Housekeeping;
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
 * then the cross-cutting plugins (multipart, signature, transport fields), then the modules, then
 * the client. Used by server.ts and by the tests alike. The schema must already be migrated
 * (db/migrate.ts is a step of its own): the app refuses an outdated one rather than change it.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const database = options.database ?? openDatabase(databaseTargetFor(config));
  const { db } = database;
  await assertSchemaCurrent(db);
  if (config.seedDemo) await seedDemoContent(db, now());

  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    ...protocolErrorOptions,
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate("database", database);
  // Filled by the modules as they register (modules/module.ts publish).
  app.decorate("services", {} as AppServices);
  // Close hooks run last-registered first: the database closes after every module has closed.
  app.addHook("onClose", async () => db.destroy());
  const blobs = await openBlobStore(config);
  app.addHook("onClose", async () => blobs.close());
  publish(app, "blobs", blobs.store);

  await app.register(securityHeadersPlugin, { publicBaseUrl: config.publicBaseUrl });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(fastifyCookie);
  // Redis closes after every module (hooks run last-registered first), like the database.
  const redis = config.redis ? openSharedRedis(config.redis) : null;
  if (redis) app.addHook("onClose", async () => redis.close());
  const housekeeping = new Housekeeping(app.log, redis);
  app.decorate("housekeeping", housekeeping);
  app.addHook("onReady", async () => housekeeping.start());
  app.addHook("onClose", async () => housekeeping.stop());
  // Limits are per route (login, send-code); throttling of failed logins lives in the accounts module.
  // With Redis the counters are shared, so a limit holds however many web processes serve.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: sharedRateLimitStore(redis) } : {}),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `请求过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试` }),
  });
  await app.register(opendocsPlugin);
  // Before the signature check, which signs the parsed multipart fields.
  await app.register(multipartPlugin);
  await app.register(signaturePlugin, { now });
  await app.register(transportFieldsPlugin);
  // Websockets once for every module (the chain's live push, the cloud browser): a second
  // registration would handle each upgrade twice. The largest client message is the recorder's typed text.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  // The modules, in dependency order. Each is a plugin that builds its own services from the
  // context (config, db, clock) and from the ports it is given, and registers its own routes; it is
  // encapsulated unless it must reach every route (the session module's check, via fastify-plugin).
  // A module others need publishes its services on app.services under its name (modules/module.ts);
  // the lines below hand them on as ports, and server.ts and the tests read them there too.
  const context: ModuleContext = { config, db, now, jobs: new JobQueues(), role: options.role ?? "all", redis };
  app.decorate("jobQueues", context.jobs);
  const { services } = app;
  await app.register(healthModule);
  await app.register(sessionModule, context);
  await app.register(securityModule, context);
  await app.register(notifierModule, context);
  await app.register(accountModule, { ...context, sessions: services.sessions, security: services.security, notifier: services.notifier });
  await app.register(commonModule, context);
  await app.register(contentModule, { ...context, blobs: services.blobs });
  // The full-text search index the help centre and the legal assistant write and query.
  const searchIndex = createSearchIndex(db, now);
  await app.register(helpCenterModule, { ...context, search: searchIndex });
  await app.register(notaryModule, { ...context, sessions: services.sessions, security: services.security, accounts: services.accounts });
  await app.register(scanLoginModule, { ...context, accounts: services.accounts, security: services.security });
  await app.register(personalModule, { ...context, accounts: services.accounts, security: services.security, sessions: services.sessions, blobs: services.blobs });
  await app.register(childAccountModule, { ...context, accounts: services.accounts, security: services.security, sessions: services.sessions });
  await app.register(billingModule, { ...context, accounts: services.accounts.records });
  await app.register(purchaseModule, { ...context, accounts: services.accounts.records, billing: services.billing, notifier: services.notifier });
  await app.register(paymentModule, { ...context, accounts: services.accounts.records, billing: services.billing });
  await app.register(ledgerModule, context);
  // The trail of operator actions: the console writes it, certificates read it (a holder's identity
  // approval), so it opens before both.
  const audit = await openAuditTrail(app, { ...context, ledger: services.ledger });
  await app.register(evidenceModule, { ...context, ledger: services.ledger, blobs: services.blobs, accounts: services.accounts.records });
  // Sessions whose tokens earlier versions kept in voucher originals end before anything is served.
  await endSessionsExposedInVouchers({ sessions: services.sessions, vouchers: services.evidence, markers: new AppMetaRepository(db), now, log: app.log });
  await app.register(certificateModule, {
    ...context,
    ledger: services.ledger,
    evidence: services.evidence,
    chain: services.chain,
    sessions: services.sessions,
    holders: { identity: services.personal.identity, audit },
  });
  await app.register(evidenceLibraryModule, {
    ...context,
    ports: { evidence: services.evidence, certificates: services.certificates, ledger: services.ledger },
    captchas: services.security.captchas,
    blobs: services.blobs,
  });
  // One Chromium for web capture and the cloud browser (issue 16), closed after both modules.
  const browserPool = createBrowserPool({ chromiumPath: config.capture.chromiumPath, concurrency: config.capture.concurrency });
  app.addHook("onClose", async () => browserPool.close());
  const capturePorts = platformCapturePorts(config, options.capture, browserPool);
  await app.register(captureModule, { ...context, units: services.purchase.units, evidence: services.evidence, blobs: services.blobs, ports: capturePorts });
  // Whole-network monitoring (issue 18): crawls under the capture's network policy, pages that need
  // JavaScript rendered in the capture's Chromium, every hit captured as web evidence.
  await app.register(monitorModule, {
    ...context,
    accounts: services.accounts.records,
    billing: services.billing,
    evidence: services.evidence,
    blobs: services.blobs,
    notifier: services.notifier,
    screenUrl: capturePorts.screenUrl,
    libraries: platformMonitorLibraries(config, browserPool),
    captures: services.capture.captures,
    pdfs: services.pdfs,
    ledger: services.ledger,
  });
  // Recorded evidence (issue 16): the cloud browser runs on the capture engine's Chromium.
  await app.register(recordingModule, {
    ...context,
    units: services.purchase.units,
    evidence: services.evidence,
    ledger: services.ledger,
    blobs: services.blobs,
    cloudBrowser: cloudBrowserAvailability(browserPool, DEFAULT_FFMPEG_PATH),
  });
  await app.register(cloudBrowserModule, { ...context, pool: browserPool, recordings: services.recording.recordings, sessions: services.sessions });
  await app.register(deviceModule, { ...context, security: services.security, sink: services.recording.recordings, seals: () => services.seal.seals });
  await app.register(liveRecordModule, { ...context, sink: services.recording.recordings });
  await app.register(sealModule, { ...context, accounts: services.accounts.records, evidence: services.evidence, certificates: services.certificates, blobs: services.blobs, devices: services.devices.devices });
  // The digital report (issue 17) checks evidence of every kind, the captured and recorded included.
  await app.register(digitalReportModule, { ...context, ledger: services.ledger, chain: services.chain, evidence: services.evidence, blobs: services.blobs, accounts: services.accounts.records, pdfs: services.pdfs });
  // The help centre's litigation package (issue 19): the evidence, its certificate and proofs, and the digital report's checks, for the holder.
  await app.register(lawsuitPackageModule, {
    ...context,
    captchas: services.security.captchas,
    evidence: services.evidence,
    certificates: services.certificates,
    ledger: services.ledger,
    identity: services.personal.identity,
    checks: services.digitalReport.checks,
    blobs: services.blobs,
  });
  // Online notarisation and the notary offices' console (issue 17).
  await app.register(notarizationModule, {
    ...context,
    sessions: services.sessions,
    security: services.security,
    accounts: services.accounts.records,
    identity: services.personal.identity,
    evidence: services.evidence,
    library: { certificates: services.certificates, ledger: services.ledger },
    ledger: services.ledger,
    blobs: services.blobs,
    bundles: services.purchase.bundles,
    billing: services.billing.money,
    notifier: services.notifier,
    notary: services.notary,
    seal: services.seal,
    pdfs: services.pdfs,
  });
  // The judicial channel (issue 17): appraisal commissions and their fees, then judicial pay over them.
  await app.register(judicialExpertModule, {
    ...context,
    accounts: services.accounts.records,
    billing: services.billing,
    evidence: services.evidence,
    library: services.evidenceLibrary,
    blobs: services.blobs,
    notifier: services.notifier,
  });
  await app.register(judicialPayModule, { ...context, accounts: services.accounts.records, billing: services.billing, purchase: services.purchase, appraisals: services.judicialExpert.commissions });
  await app.register(invoiceModule, { ...context, accounts: services.accounts.records, paid: services.payment.paid, blobs: services.blobs, ledger: services.ledger, sessions: services.sessions });
  await app.register(lawyerModule, { ...context, accounts: services.accounts.records, evidence: services.evidence, blobs: services.blobs, notifier: services.notifier });
  // The legal assistant (issue 19): cites our rules and the help centre's articles; checks a
  // certificate with the digital report's checks.
  await app.register(legalAiModule, {
    ...context,
    search: options.legalAi?.search ?? searchIndex,
    articles: options.legalAi?.articles ?? helpCentreArticles(services.helpCenter),
    rules: options.legalAi?.rules ?? LEGAL_RULES,
    evidence: services.evidence,
    inspector: { ledger: services.ledger, chain: services.chain, evidence: services.evidence, blobs: services.blobs },
  });
  // The operator console acts on the modules above (issue 13).
  await app.register(consoleModule, { ...context, sessions: services.sessions, security: services.security, accounts: services.accounts, audit });

  for (const module of options.modules ?? []) await app.register(module, context);

  await app.register(clientPlugin, { clientDir: config.clientDir });
  await app.ready();
  return app;
}
