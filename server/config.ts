import path from "node:path";
import { z } from "zod";
import { CLOUD_BROWSER_DEFAULT_MAX_MS, CLOUD_BROWSER_MAX_MS_LIMIT } from "../src/schema/cloud-browser.js";

/**
 * Configuration comes from the environment only, validated once at start. Each bad value is
 * reported with the variable's name, what it must be and what was given, so an operator can fix
 * a deployment without reading code.
 */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A whole number in [min, max] from the environment, with one message naming the range (and its unit). */
const integerIn = (min: number, max: number, unit = "") => {
  const message = `必须是 ${min}-${max} 之间的整数${unit}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const portSchema = integerIn(1, 65535);

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { error: "只能是 true、false、1 或 0" })
  .transform((value) => value === "true" || value === "1");

const EnvironmentSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "只能是 development、production 或 test" })
    .default("development"),
  PORT: portSchema.default(8080),
  HOST: z.string().min(1, "不能为空").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "不能为空").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "必须是 postgres:// 或 postgresql:// 开头的连接串")
    .optional(),
  CLIENT_DIR: z.string().min(1, "不能为空").default("./dist"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `只能是 ${LOG_LEVELS.join("、")} 之一` }).default("info"),
  STORAGE_PREFIX: z.string().default(""),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, "必须是 smtp:// 或 smtps:// 开头的地址").optional(),
  MAIL_FROM: z.string().min(3, "不能为空").default("衡证电子证据平台 <no-reply@localhost>"),
  SMS_WEBHOOK_URL: z.string().regex(/^https?:\/\/.+/, "必须是 http:// 或 https:// 开头的地址").optional(),
  PASSWORD_SCRYPT_LOG_N: integerIn(14, 20)
    .default(17),
  LOGIN_RATE_LIMIT_PER_MINUTE: integerIn(1, 100000)
    .default(30),
  USER_SESSION_IDLE_MS: z.coerce
    .number({ error: "必须是不小于 1000 的整数（毫秒）" })
    .int("必须是不小于 1000 的整数（毫秒）")
    .min(1000, "必须是不小于 1000 的整数（毫秒）")
    .optional(),
  // WeChat Open Platform "website application" for scan-code login (spec §2 mode 2); both or neither.
  WX_APP_ID: z.string().regex(/^wx[0-9A-Za-z]{16}$/, "必须是微信开放平台网站应用的 AppID（wx 开头，共 18 位）").optional(),
  WX_APP_SECRET: z.string().regex(/^[0-9A-Za-z]{32}$/, "必须是微信开放平台网站应用的 32 位 AppSecret").optional(),
  // The evidence ledger (DESIGN.md §6): its name in every checkpoint, and the Ed25519 signer key in
  // Go note form. Without a key one is created under DATA_DIR/keys on first start.
  LEDGER_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, "必须是不含空白和加号的日志名称，例如 hengzheng.example/evidence-log")
    .default("hengzheng.local/evidence-log"),
  // Checked when the ledger opens: a refusal here would echo the secret in the message.
  LEDGER_SIGNER_KEY: z.string().optional(),
  // How long a block waits for more entries after its first (DESIGN.md §6). A 存证 is answered once
  // its block is written, so this is the least a user waits; longer blocks mean fewer checkpoints,
  // and fewer time-stamp tokens when TSA_URL is set.
  LEDGER_BLOCK_DELAY_MS: integerIn(0, 60000, "（毫秒）")
    .default(500),
  // The operator console's key for TOTP secrets and recovery codes (32 bytes, hex or base64);
  // without it one is created under DATA_DIR/keys. Checked when the console opens, for the same reason.
  CONSOLE_SECRET_KEY: z.string().optional(),
  // The electronic seal (issue 16): the platform seal CA's PEM file (key and certificate), created
  // when absent; and the key sealing organisations' signing keys, like CONSOLE_SECRET_KEY.
  SEAL_CA_FILE: z.string().min(1).optional(),
  SEAL_SECRET_KEY: z.string().optional(),
  // Recharge (issue 14): which real payment providers to offer, comma-separated (alipay, wechatpay);
  // unset offers the development cashier where development providers are allowed, nothing in production.
  // Each provider's own variables (README "Payment") are read by server/modules/payment/payment-providers.ts.
  PAYMENT_PROVIDER: z
    .string()
    .regex(/^(alipay|wechatpay)(,(alipay|wechatpay))?$/, "必须是 alipay、wechatpay 或 alipay,wechatpay")
    .optional(),
  // Invoices (issue 14): the issuer that issues them. Only the development issuer exists so far (its
  // PDFs are samples marked 开发环境样张); unset uses it where development providers are allowed, and
  // production has no issuer until a real one is added in server/modules/invoice/invoice-providers.ts.
  INVOICE_PROVIDER: z.enum(["development"], { error: "只能是 development（开发环境样张）" }).optional(),
  // The site's public address, printed in certificates (QR code to /info/certificate).
  PUBLIC_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, "必须是 http:// 或 https:// 开头的网站地址，例如 https://evidence.example.cn")
    .optional(),
  // Witnesses (C2SP tlog-witness) that cosign each checkpoint: one in-process by default, more by
  // URL (the witness's submission prefix) with its verifier key, in the same order.
  LEDGER_LOCAL_WITNESS: booleanFlag.default(true),
  LEDGER_WITNESS_URLS: z.string().optional(),
  LEDGER_WITNESS_KEYS: z.string().optional(),
  // RFC 3161 time-stamp authority for each checkpoint; without it the platform's own clock is stated.
  TSA_URL: z.string().regex(/^https?:\/\/.+/, "必须是 http:// 或 https:// 开头的时间戳服务地址").optional(),
  TSA_CA_FILE: z.string().optional(),
  // Threads drawing certificate PDFs off the event loop; one leaves the other core of a small machine to requests.
  CERTIFICATE_PDF_WORKERS: integerIn(1, 16)
    .default(1),
  // Web capture (issue 15). Hosts (`host` or `host:port`, comma-separated) the capture browser may
  // reach although the address policy refuses them (an intranet site, a test server on loopback).
  CAPTURE_ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*[^\s,/]+(\s*,\s*[^\s,/]+)*\s*$/, "必须是以逗号分隔的主机名或“主机名:端口”，例如 intranet.example.cn,127.0.0.1:8443")
    .optional(),
  CAPTURE_CONCURRENCY: integerIn(1, 16)
    .default(2),
  CAPTURE_TIMEOUT_MS: integerIn(5000, 600000, "（毫秒）")
    .default(60000),
  // What the operator knows of the capture node's public address; stated in each capture's provenance.
  CAPTURE_PUBLIC_ADDRESS: z.string().max(200, "不能超过 200 个字符").optional(),
  // PEM certificates the capture trusts for HTTPS besides Node's bundled roots.
  CAPTURE_EXTRA_CA_FILE: z.string().optional(),
  CHROMIUM_PATH: z.string().min(1, "不能为空").default("/usr/bin/chromium"),
  // Whole-network monitoring (issue 18): the scheduler's pass, crawls at once, the pause between two
  // requests to one site, the bytes one crawl may fetch, hosts whose robots.txt the operator
  // overrides (comma-separated), and the largest picture or media file fetched to be matched.
  MONITOR_TICK_MS: integerIn(10, 3600000, "（毫秒）")
    .default(30000),
  MONITOR_CONCURRENCY: integerIn(1, 16)
    .default(2),
  MONITOR_CRAWL_DELAY_MS: integerIn(0, 60000, "（毫秒）")
    .default(1000),
  MONITOR_MAX_BYTES: integerIn(1024, 1073741824, "（字节）")
    .default(52428800),
  MONITOR_IGNORE_ROBOTS_HOSTS: z
    .string()
    .regex(/^\s*[^\s,/]+(\s*,\s*[^\s,/]+)*\s*$/, "必须是以逗号分隔的主机名或“主机名:端口”，例如 news.example.cn,127.0.0.1:8443")
    .optional(),
  MONITOR_MEDIA_MAX_BYTES: integerIn(1024, 1073741824, "（字节）")
    .default(209715200),
  // Procedure recording (issue 16): the longest cloud-browser session, within a recording's own limit.
  CLOUD_BROWSER_MAX_MS: z.coerce
    .number({ error: `必须是 60000-${CLOUD_BROWSER_MAX_MS_LIMIT} 之间的整数（毫秒）` })
    .int(`必须是 60000-${CLOUD_BROWSER_MAX_MS_LIMIT} 之间的整数（毫秒）`)
    .min(60000, `必须是 60000-${CLOUD_BROWSER_MAX_MS_LIMIT} 之间的整数（毫秒）`)
    .max(CLOUD_BROWSER_MAX_MS_LIMIT, `必须是 60000-${CLOUD_BROWSER_MAX_MS_LIMIT} 之间的整数（毫秒）`)
    .default(CLOUD_BROWSER_DEFAULT_MAX_MS),
  // The legal AI assistant (issue 19): an OpenAI-compatible chat-completions service (all three or
  // none; without one the assistant answers with the passages it retrieves), and questions per user and hour.
  LLM_BASE_URL: z.string().regex(/^https?:\/\/.+/, "必须是 http:// 或 https:// 开头的地址（OpenAI 兼容接口的前缀，例如 https://llm.example.cn/v1）").optional(),
  LLM_API_KEY: z.string().min(1, "不能为空").max(500, "不能超过 500 个字符").optional(),
  LLM_MODEL: z.string().min(1, "不能为空").max(200, "不能超过 200 个字符").optional(),
  LEGAL_AI_QUESTIONS_PER_HOUR: integerIn(1, 10000)
    .default(30),
  // Several processes (issue 20): Redis for the job queues (BullMQ), shared rate limits, captcha,
  // nonce and throttling state, and the chain's live push between processes; every key starts with
  // REDIS_PREFIX so one Redis can serve several installations.
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, "必须是 redis:// 或 rediss:// 开头的地址，例如 redis://127.0.0.1:6379/0").optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "只能由 1-40 个字母、数字、下划线或连字符组成").default("hz"),
  // The shared job queues (BullMQ, with REDIS_URL): tries of a job whose run throws, the first
  // wait before a retry (doubled each time), and how long a worker's hold on a job lasts without
  // renewal (a worker that dies gives its jobs to another after about this long).
  JOB_ATTEMPTS: integerIn(1, 20)
    .default(5),
  JOB_BACKOFF_MS: integerIn(100, 3600000, "（毫秒）")
    .default(5000),
  JOB_LOCK_MS: integerIn(1000, 600000, "（毫秒）")
    .default(30000),
  // Blobs in an S3-compatible store instead of DATA_DIR/blobs: all of endpoint, bucket and keys, or none.
  S3_ENDPOINT: z.string().regex(/^https?:\/\/.+/, "必须是 http:// 或 https:// 开头的地址，例如 https://s3.cn-north-1.example.com").optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "必须是 3-63 位小写字母、数字、点或连字符组成的存储桶名称").optional(),
  S3_REGION: z.string().min(1, "不能为空").default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1, "不能为空").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "不能为空").optional(),
  // Most S3-compatible stores other than AWS address buckets by path (https://host/bucket/key).
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  // Whether server.ts migrates the database before it serves. Off where a release step runs
  // `npm run migrate` once for several replicas.
  MIGRATE_ON_START: booleanFlag.default(true),
  // How long SIGTERM/SIGINT (or a fatal error) waits for requests in flight and the modules to close.
  SHUTDOWN_TIMEOUT_MS: integerIn(1000, 600000, "（毫秒）")
    .default(10000),
});

export type AppConfig = {
  mode: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  clientDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Prefix put before stored image paths (a CDN or S3 host in production, empty for this server). */
  storagePrefix: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Development providers (outbox, confirm pages, manual identity approval) are allowed. */
  developmentProviders: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  /** scrypt cost as log2(N); 17 (128 MiB) is OWASP's minimum, tests use less to stay quick. */
  passwordScryptLogN: number;
  /** Login requests one address may make a minute; an office behind one NAT address may need more. */
  loginRateLimitPerMinute: number;
  /** Shortens the 30-minute idle limit of user sessions (spec §9) for trying expiry out. */
  userSessionIdleMs: number | undefined;
  /** Scan-code login through WeChat; without it only the development provider (if allowed) offers scan login. */
  wechatLogin: { appId: string; appSecret: string } | undefined;
  /** Origin line of the ledger's checkpoints, also the name of its signing key. */
  ledgerOrigin: string;
  /** The ledger's signer key (a secret); undefined = DATA_DIR/keys/ledger.signer. */
  ledgerSignerKey: string | undefined;
  /** How long a ledger block waits for more entries after its first. */
  ledgerBlockDelayMs: number;
  /** The console's secret key (hex or base64 of 32 bytes); undefined = DATA_DIR/keys/console-secret.key. */
  consoleSecretKey: string | undefined;
  /** The seal CA's PEM file (PKCS#8 key and certificate); undefined = DATA_DIR/keys/seal-ca.pem. */
  sealCaFile: string | undefined;
  /** The key sealing organisations' signing keys (hex or base64 of 32 bytes); undefined = DATA_DIR/keys/seal-secret.key. */
  sealSecretKey: string | undefined;
  /** Real payment providers to offer for recharge; empty = the development cashier where development providers are allowed. */
  paymentProviders: ("alipay" | "wechatpay")[];
  /** The invoice issuer; null: none configured, applications wait in 待审核 and approving them is refused. */
  invoiceProvider: "development" | null;
  /** Public address of the site without a trailing slash (certificates' QR codes); http://localhost:PORT by default. */
  publicBaseUrl: string;
  /** Run a witness in this process (mounted at /witness/) and submit checkpoints to it. */
  ledgerLocalWitness: boolean;
  /** External witnesses: submission prefix URL and verifier key (cosignature/v1, type 0x04). */
  ledgerWitnesses: { url: string; verifierKey: string }[];
  /** RFC 3161 TSA for checkpoint time-stamps, and the PEM file of the CA its certificate must chain to. */
  tsa: { url: string; caFile: string | undefined } | undefined;
  /** Worker threads that draw certificate PDFs (server/modules/certificate/certificate-pdf-pool.ts). */
  certificatePdfWorkers: number;
  /** Redis shared by every process of the installation (issue 20), or null: one process, in-process queues and state. */
  redis: { url: string; prefix: string } | null;
  /** The shared job queues (BullMQ): tries per job, first retry wait (exponential), a worker's hold on a job. */
  jobs: { attempts: number; backoffMs: number; lockMs: number };
  /** The S3-compatible blob store (issue 20), or null: blobs under DATA_DIR/blobs. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | null;
  /** server.ts runs the migrations before building the app (otherwise `npm run migrate` must have). */
  migrateOnStart: boolean;
  /** The deadline of a graceful close; past it the process exits anyway (code 1). */
  shutdownTimeoutMs: number;
  /** Web capture (issue 15): allow-listed hosts, browsers at once, time per capture, what provenance states, extra roots, the browser. */
  capture: {
    allowedHosts: string[];
    concurrency: number;
    timeoutMs: number;
    publicAddress: string | null;
    extraCaFile: string | undefined;
    chromiumPath: string;
  };
  /** Procedure recording in the cloud browser (issue 16): the longest session. */
  cloudBrowser: { maxMs: number };
  /** Whole-network monitoring (issue 18): scheduler pass, crawls at once, politeness, crawl and media budgets, robots overrides. */
  monitor: {
    tickMs: number;
    concurrency: number;
    crawlDelayMs: number;
    maxBytes: number;
    mediaMaxBytes: number;
    ignoreRobotsHosts: string[];
  };
  /** The legal AI assistant (issue 19): the model, or null to answer with retrieved passages; questions per user and hour. */
  legalAi: {
    llm: { baseUrl: string; apiKey: string; model: string } | null;
    questionsPerHour: number;
  };
};

/** Variables whose values are secrets (a Redis URL may carry its password): never echoed in a message. */
const SECRET_VARIABLES = new Set(["LLM_API_KEY", "REDIS_URL", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置有误：\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const emptyAsUnset = Object.fromEntries(
    Object.keys(EnvironmentSchema.shape).map((name) => [name, env[name] === "" ? undefined : env[name]]),
  );
  const parsed = EnvironmentSchema.safeParse(emptyAsUnset);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // A key's value is never echoed: configuration errors reach logs.
        return SECRET_VARIABLES.has(name) ? `${name} ${issue.message}` : `${name} ${issue.message}（当前值 ${JSON.stringify(env[name])}）`;
      }),
    );
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production") {
    const missing = (["SMTP_URL", "SMS_WEBHOOK_URL"] as const).filter((name) => !value[name]);
    if (missing.length) {
      throw new ConfigError(missing.map((name) => `${name} 在生产环境必须配置：开发用的发件箱不能代替真实的短信和邮件通道`));
    }
  }
  const witnessUrls = splitList(value.LEDGER_WITNESS_URLS);
  const witnessKeys = splitList(value.LEDGER_WITNESS_KEYS);
  if (witnessUrls.length !== witnessKeys.length) {
    throw new ConfigError([`LEDGER_WITNESS_URLS 与 LEDGER_WITNESS_KEYS 必须一一对应（现有 ${witnessUrls.length} 个地址、${witnessKeys.length} 个公钥，均以逗号分隔）`]);
  }
  const badUrl = witnessUrls.find((url) => !/^https?:\/\/.+/.test(url));
  if (badUrl) throw new ConfigError([`LEDGER_WITNESS_URLS 中的 ${JSON.stringify(badUrl)} 必须是 http:// 或 https:// 开头的地址`]);
  if (value.INVOICE_PROVIDER === "development" && value.NODE_ENV === "production") {
    throw new ConfigError(["INVOICE_PROVIDER 在生产环境不能是 development：开发环境样张不是发票"]);
  }
  if (Boolean(value.WX_APP_ID) !== Boolean(value.WX_APP_SECRET)) {
    const missing = value.WX_APP_ID ? "WX_APP_SECRET" : "WX_APP_ID";
    throw new ConfigError([`${missing} 未配置：微信扫码登录需要 WX_APP_ID 与 WX_APP_SECRET 同时配置（都不配置则不提供微信扫码登录）`]);
  }
  const llmNames = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"] as const;
  const llmMissing = llmNames.filter((name) => !value[name]);
  if (llmMissing.length > 0 && llmMissing.length < llmNames.length) {
    throw new ConfigError([`${llmMissing.join("、")} 未配置：大模型需要 LLM_BASE_URL、LLM_API_KEY 与 LLM_MODEL 同时配置（都不配置则助手只检索原文）`]);
  }
  const s3Names = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const s3Missing = s3Names.filter((name) => !value[name]);
  if (s3Missing.length > 0 && s3Missing.length < s3Names.length) {
    throw new ConfigError([`${s3Missing.join("、")} 未配置：S3 存储需要 ${s3Names.join("、")} 同时配置（都不配置则文件存放在 DATA_DIR/blobs）`]);
  }
  return {
    mode: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    clientDir: path.resolve(value.CLIENT_DIR),
    logLevel: value.LOG_LEVEL,
    storagePrefix: value.STORAGE_PREFIX.replace(/\/$/, ""),
    // Demo content is for trying the platform out; a production installation starts empty.
    seedDemo: value.SEED_DEMO ?? value.NODE_ENV !== "production",
    trustProxy: value.TRUST_PROXY,
    developmentProviders: value.NODE_ENV !== "production",
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    smsWebhookUrl: value.SMS_WEBHOOK_URL,
    passwordScryptLogN: value.PASSWORD_SCRYPT_LOG_N,
    userSessionIdleMs: value.USER_SESSION_IDLE_MS,
    loginRateLimitPerMinute: value.LOGIN_RATE_LIMIT_PER_MINUTE,
    wechatLogin: value.WX_APP_ID && value.WX_APP_SECRET ? { appId: value.WX_APP_ID, appSecret: value.WX_APP_SECRET } : undefined,
    ledgerOrigin: value.LEDGER_ORIGIN,
    ledgerSignerKey: value.LEDGER_SIGNER_KEY,
    ledgerBlockDelayMs: value.LEDGER_BLOCK_DELAY_MS,
    consoleSecretKey: value.CONSOLE_SECRET_KEY,
    sealCaFile: value.SEAL_CA_FILE,
    sealSecretKey: value.SEAL_SECRET_KEY,
    paymentProviders: [...new Set(splitList(value.PAYMENT_PROVIDER))] as ("alipay" | "wechatpay")[],
    invoiceProvider: value.INVOICE_PROVIDER ?? (value.NODE_ENV !== "production" ? "development" : null),
    publicBaseUrl: (value.PUBLIC_BASE_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ""),
    ledgerLocalWitness: value.LEDGER_LOCAL_WITNESS,
    ledgerWitnesses: witnessUrls.map((url, i) => ({ url: url.replace(/\/$/, ""), verifierKey: witnessKeys[i] })),
    tsa: value.TSA_URL ? { url: value.TSA_URL, caFile: value.TSA_CA_FILE } : undefined,
    certificatePdfWorkers: value.CERTIFICATE_PDF_WORKERS,
    redis: value.REDIS_URL ? { url: value.REDIS_URL, prefix: value.REDIS_PREFIX } : null,
    jobs: { attempts: value.JOB_ATTEMPTS, backoffMs: value.JOB_BACKOFF_MS, lockMs: value.JOB_LOCK_MS },
    s3:
      value.S3_ENDPOINT && value.S3_BUCKET && value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: value.S3_ENDPOINT.replace(/\/+$/, ""),
            bucket: value.S3_BUCKET,
            region: value.S3_REGION,
            accessKeyId: value.S3_ACCESS_KEY_ID,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY,
            forcePathStyle: value.S3_FORCE_PATH_STYLE,
          }
        : null,
    migrateOnStart: value.MIGRATE_ON_START,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    capture: {
      allowedHosts: splitList(value.CAPTURE_ALLOWED_HOSTS),
      concurrency: value.CAPTURE_CONCURRENCY,
      timeoutMs: value.CAPTURE_TIMEOUT_MS,
      publicAddress: value.CAPTURE_PUBLIC_ADDRESS?.trim() || null,
      extraCaFile: value.CAPTURE_EXTRA_CA_FILE,
      chromiumPath: value.CHROMIUM_PATH,
    },
    cloudBrowser: { maxMs: value.CLOUD_BROWSER_MAX_MS },
    monitor: {
      tickMs: value.MONITOR_TICK_MS,
      concurrency: value.MONITOR_CONCURRENCY,
      crawlDelayMs: value.MONITOR_CRAWL_DELAY_MS,
      maxBytes: value.MONITOR_MAX_BYTES,
      mediaMaxBytes: value.MONITOR_MEDIA_MAX_BYTES,
      ignoreRobotsHosts: splitList(value.MONITOR_IGNORE_ROBOTS_HOSTS),
    },
    legalAi: {
      llm: value.LLM_BASE_URL && value.LLM_API_KEY && value.LLM_MODEL ? { baseUrl: value.LLM_BASE_URL.replace(/\/+$/, ""), apiKey: value.LLM_API_KEY, model: value.LLM_MODEL } : null,
      questionsPerHour: value.LEGAL_AI_QUESTIONS_PER_HOUR,
    },
  };
}

/** A comma-separated list (URLs, keys); blanks dropped. */
function splitList(text: string | undefined): string[] {
  return (text ?? "").split(",").map((item) => item.trim()).filter(Boolean);
}
