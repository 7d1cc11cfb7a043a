import type { FastifyInstance } from "fastify";
import { keepTidy } from "../../jobs/housekeeping.js";
import type { AccountServices } from "../account/account.module.js";
import type { ModuleContext } from "../module.js";
import type { SecurityServices } from "../security/security.module.js";
import { AccountBindingService } from "./account-binding.service.js";
import { DevAuthorizationRepository } from "./dev-authorization.repository.js";
import { DevMessagingLoginProvider } from "./dev-messaging-provider.js";
import { devWxRefusedRoutes, devWxRoutes } from "./dev-wx.routes.js";
import type { MessagingLoginProvider } from "./messaging-login-provider.js";
import { scanLoginRoutes } from "./scan-login.routes.js";
import { ScanLoginService } from "./scan-login.service.js";
import { ScanStateRepository } from "./scan-state.repository.js";
import { WechatLoginProvider } from "./wechat-login-provider.js";

export type ScanLoginModuleOptions = ModuleContext & {
  accounts: Pick<AccountServices, "records" | "login" | "throttle">;
  security: SecurityServices;
};

/**
 * Scan-code login as one plugin: picks the provider (real WeChat when WX_APP_ID and WX_APP_SECRET
 * are set; otherwise the labelled development provider where development providers are allowed;
 * otherwise none, and the QR call says scan login is not available), then registers the calls.
 */
export async function scanLoginModule(app: FastifyInstance, options: ScanLoginModuleOptions) {
  const { config, db, accounts, security, now } = options;
  const devProvider = !config.wechatLogin && config.developmentProviders ? new DevMessagingLoginProvider(new DevAuthorizationRepository(db), now) : null;
  const provider: MessagingLoginProvider | null = config.wechatLogin ? new WechatLoginProvider(config.wechatLogin) : devProvider;

  const states = new ScanStateRepository(db);
  const scanLogin = new ScanLoginService({
    provider,
    states,
    accounts: accounts.records,
    login: accounts.login,
    now,
    storagePrefix: config.storagePrefix,
  });
  const binding = new AccountBindingService({
    states,
    accounts: accounts.records,
    login: accounts.login,
    scanLogin,
    fields: security.fields,
    captchas: security.captchas,
    throttle: accounts.throttle,
    now,
  });

  await app.register(scanLoginRoutes, {
    scanLogin,
    binding,
    refuseReplayedRequest: security.refuseReplayedRequest,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  if (devProvider) await app.register(devWxRoutes, { provider: devProvider });
  else await app.register(devWxRefusedRoutes);

  // A QR code shown and never scanned leaves a state (and a simulated scan) behind; they go once expired.
  keepTidy(app, [
    { name: "scan login states", run: () => states.deleteExpired(now()) },
    ...(devProvider ? [{ name: "simulated scans", run: () => devProvider.deleteExpired() }] : []),
  ]);
}
