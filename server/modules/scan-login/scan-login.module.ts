import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import { startHousekeeping } from "../../jobs/housekeeping.js";
import type { AccountServices } from "../account/account.module.js";
import { AccountBindingService } from "./account-binding.service.js";
import { DevAuthorizationRepository } from "./dev-authorization.repository.js";
import { DevMessagingLoginProvider } from "./dev-messaging-provider.js";
import { devWxRefusedRoutes, devWxRoutes } from "./dev-wx.routes.js";
import type { MessagingLoginProvider } from "./messaging-login-provider.js";
import { scanLoginRoutes } from "./scan-login.routes.js";
import { ScanLoginService } from "./scan-login.service.js";
import { ScanStateRepository } from "./scan-state.repository.js";
import { WechatLoginProvider } from "./wechat-login-provider.js";

export type ScanLoginModuleOptions = {
  config: AppConfig;
  db: Kysely<Database>;
  accounts: AccountServices;
  now: () => number;
};

/**
 * Scan-code login as one plugin: picks the provider (real WeChat when WX_APP_ID and WX_APP_SECRET
 * are set; otherwise the labelled development provider where development providers are allowed;
 * otherwise none, and the QR call says scan login is not available), then registers the calls.
 */
export async function scanLoginModule(app: FastifyInstance, options: ScanLoginModuleOptions) {
  const { config, db, accounts, now } = options;
  const devProvider = !config.wechatLogin && config.developmentProviders ? new DevMessagingLoginProvider(new DevAuthorizationRepository(db), now) : null;
  const provider: MessagingLoginProvider | null = config.wechatLogin ? new WechatLoginProvider(config.wechatLogin) : devProvider;

  const states = new ScanStateRepository(db);
  const scanLogin = new ScanLoginService({
    provider,
    states,
    users: accounts.users,
    accounts: accounts.accounts,
    login: accounts.login,
    now,
    storagePrefix: config.storagePrefix,
  });
  const binding = new AccountBindingService({
    states,
    users: accounts.users,
    login: accounts.login,
    scanLogin,
    fields: accounts.fields,
    captchas: accounts.captchas,
    throttle: accounts.throttle,
    now,
  });

  await app.register(scanLoginRoutes, {
    scanLogin,
    binding,
    refuseReplayedRequest: accounts.refuseReplayedRequest,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  if (devProvider) await app.register(devWxRoutes, { provider: devProvider });
  else await app.register(devWxRefusedRoutes);

  // A QR code shown and never scanned leaves a state (and a simulated scan) behind; they go once expired.
  const housekeeping = startHousekeeping(
    [
      { name: "scan login states", run: () => states.deleteExpired(now()) },
      ...(devProvider ? [{ name: "simulated scans", run: () => devProvider.deleteExpired() }] : []),
    ],
    app.log,
  );
  app.addHook("onClose", async () => housekeeping.stop());
}
