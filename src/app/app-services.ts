import { createAppFeedback } from "../components/app-feedback";
import { createMessageModalStore } from "../providers/message-modal-store";
import { createAccountClient } from "../providers/account-client";
import { createAuthProvider } from "../providers/auth-provider";
import { createDataProvider } from "../providers/data-provider";
import { createHttpClient, WEBAPI_BASE_URL } from "../providers/http-client";
import { createLoginCrypto } from "../providers/login-crypto";
import { createScanLoginClient } from "../providers/scan-login-client";
import { createSecondStepStorage } from "../providers/second-step-storage";
import { createSignedUrlBuilder } from "../providers/signed-url";
import { createMemoryStorage, createSessionStore, type StorageLike } from "../providers/session-store";
import { lookupUserInfo } from "../providers/user-info-lookup";
import { createVerificationClient } from "../verification/verification-client";
import { QueryClient } from "@tanstack/react-query";
import { createNavigationBridge } from "./navigation-bridge";

/**
 * What every page needs, the visitor's included, built once per page load; the providers share one
 * client and one store. The logged-in app's own services are built from these when it loads
 * (workspace-services.ts), so a visitor's first load builds and carries none of them (issue 20).
 */
export type AppServices = ReturnType<typeof createAppServices>;

export function createAppServices() {
  const now = () => Date.now();
  const sessionStore = createSessionStore(browserStorage(() => window.localStorage));
  const navigation = createNavigationBridge();
  const messageModal = createMessageModalStore();
  const http = createHttpClient({
    baseURL: WEBAPI_BASE_URL,
    sessionStore,
    getLocation: navigation.getLocation,
    navigate: navigation.navigate,
    now,
    onForbidden: (message) => messageModal.show({ content: message }),
  });
  // One crypto, so the login key is fetched and imported once per page load.
  const crypto = createLoginCrypto({ http });
  const accounts = createAccountClient({ http, crypto });
  const dataProvider = createDataProvider(http);
  const authProvider = createAuthProvider({ http, sessionStore, now, showMessage: messageModal.show, accounts, getLocation: navigation.getLocation });
  return {
    now,
    http,
    crypto,
    /** One cache for the page load: the visitor's hooks (use-endpoint.ts) and, once loaded, refine. */
    queryClient: new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
    webapi: { dataProvider, authProvider },
    sessionStore,
    navigation,
    messageModal,
    /** Loading flag, export-records and packaging modals (src/components/app-feedback.tsx). */
    feedback: createAppFeedback(),
    account: { client: accounts, secondStep: createSecondStepStorage(browserStorage(() => window.sessionStorage)) },
    scanLogin: createScanLoginClient({ http, crypto }),
    /** Certificates: public verification lookups, the platform key, the holder's PDF. */
    verification: createVerificationClient({ http, signedUrl: createSignedUrlBuilder({ sessionStore, now }) }),
    lookupUserInfo: (userId: string, token: string) => lookupUserInfo({ http, sessionStore, now }, userId, token),
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
