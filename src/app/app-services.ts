import type { AuthProvider, DataProvider } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { createAppFeedback } from "../components/app-feedback";
import type { AccountClient } from "../providers/account-client";
import { createMessageModalStore } from "../providers/message-modal-store";
import type { ScanLoginClient } from "../providers/scan-login-client";
import { createSecondStepStorage } from "../providers/second-step-storage";
import { createMemoryStorage, createSessionStore, type StorageLike } from "../providers/session-store";
import { WEBAPI_PREFIX } from "../schema/contract";
import { fetchPlatformKey } from "../verification/platform-key-source";
import type { VerificationClient } from "../verification/verification-client";
import type { AppClients } from "./app-clients";
import { forwardCalls } from "./forward-calls";
import { createModuleLoader } from "./module-loader";
import { createNavigationBridge } from "./navigation-bridge";

/**
 * What every page needs, the visitor's included, built once per page load; the providers share one
 * client and one store. The calls to /webapi (app-clients.ts: the HTTP client, its signing, the
 * contracts) are fetched with the first call, so a page that calls nothing as it opens loads none
 * of them; the logged-in app's own services are built on them when it loads (workspace-services.ts).
 */
export type AppServices = ReturnType<typeof createAppServices>;

type AppClientsModule = typeof import("./app-clients");

export function createAppServices() {
  const now = () => Date.now();
  const sessionStore = createSessionStore(browserStorage(() => window.localStorage));
  const navigation = createNavigationBridge();
  const messageModal = createMessageModalStore();
  let built: AppClients | undefined;
  // Once per page load, whoever asks first: a call through the forwarders below, or the logged-in app.
  const buildClients = (module: AppClientsModule) => (built ??= module.createAppClients({ sessionStore, navigation, messageModal, now }));
  const clients = createModuleLoader<AppClients>(() => import("./app-clients").then(buildClients));

  const dataProvider: DataProvider = {
    ...forwardCalls(() => clients.load().then((loaded) => loaded.dataProvider), ["getList", "getOne", "create", "update", "deleteOne", "custom"]),
    getApiUrl: () => WEBAPI_PREFIX,
  };
  const authProvider: AuthProvider = forwardCalls(() => clients.load().then((loaded) => loaded.authProvider), ["login", "logout", "check", "onError", "getIdentity", "getPermissions"]);
  const accounts: AccountClient = forwardCalls(() => clients.load().then((loaded) => loaded.accounts), [
    "getCaptcha",
    "checkAccount",
    "sendCode",
    "loginWithPassword",
    "loginWithCode",
    "delayPasswordUpdate",
    "sendSecondStepCode",
    "verifySecondStep",
    "register",
    "resetPassword",
    "setPassword",
  ]);
  const scanLogin: ScanLoginClient = forwardCalls(() => clients.load().then((loaded) => loaded.scanLogin), ["getQrCodeUrl", "callback", "bindWithPassword", "bindWithCode", "getBindQrCodeUrl", "bindCurrentAccount", "unbind", "getBindState"]);
  const verification: VerificationClient = {
    ...forwardCalls(() => clients.load().then((loaded) => loaded.verification), ["byCertificateNo", "byDigest", "downloadCertificatePdf"]),
    // The verification page asks for the key as it opens: a plain fetch, without the clients.
    fetchPlatformKey: () => fetchPlatformKey(),
  };

  return {
    now,
    /** The clients themselves, for the logged-in app (built from its own import of app-clients.ts, the same once-per-page instance). */
    clients: { load: clients.load, from: buildClients },
    /** One cache for the page load: the visitor's hooks (use-endpoint.ts) and, once loaded, refine. */
    queryClient: new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
    webapi: { dataProvider, authProvider },
    sessionStore,
    navigation,
    messageModal,
    /** Loading flag, export-records and packaging modals (src/components/app-feedback.tsx). */
    feedback: createAppFeedback(),
    account: { client: accounts, secondStep: createSecondStepStorage(browserStorage(() => window.sessionStorage)) },
    scanLogin,
    verification,
    lookupUserInfo: async (userId: string, token: string) => (await clients.load()).lookupUserInfo(userId, token),
  };
}

/** The browser's storage, or memory where the browser refuses it (some private modes throw on access). */
function browserStorage(getStorage: () => Storage): StorageLike {
  try {
    const storage = getStorage();
    storage.getItem("");
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
