import { createAppFeedback } from "../components/app-feedback";
import { createMessageModalStore } from "../providers/message-modal-store";
import { createAccessControlProvider } from "../providers/access-control-provider";
import { createAccountClient } from "../providers/account-client";
import { createAuthProvider } from "../providers/auth-provider";
import { createChildAccountClient } from "../providers/child-account-client";
import { createDataProvider } from "../providers/data-provider";
import { createHttpClient, WEBAPI_BASE_URL } from "../providers/http-client";
import { createLoginCrypto } from "../providers/login-crypto";
import { createNotaryAuth } from "../providers/notary-auth";
import { createNotaryClient } from "../providers/notary-client";
import { createOperatorAuth } from "../providers/operator-auth";
import { createOperatorClient } from "../providers/operator-client";
import { createPersonalClient } from "../providers/personal-client";
import { createScanLoginClient } from "../providers/scan-login-client";
import { createSecondStepStorage } from "../providers/second-step-storage";
import { createSignedUrlBuilder } from "../providers/signed-url";
import { createMemoryStorage, createSessionStore, type StorageLike } from "../providers/session-store";
import { lookupUserInfo } from "../providers/user-info-lookup";
import { createVerificationClient } from "../verification/verification-client";
import { createNavigationBridge } from "./navigation-bridge";
import { loadRegistryApp } from "./registry-loader";

/** Everything the app wires together, built once per page load; the providers share one client and one store. */
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
  const notaryClient = createNotaryClient({ http, crypto });
  const operatorClient = createOperatorClient({ http, crypto });
  return {
    sessionStore,
    navigation,
    messageModal,
    /** Loading flag, export-records and packaging modals (src/components/app-feedback.tsx). */
    feedback: createAppFeedback(),
    account: { client: accounts, secondStep: createSecondStepStorage(browserStorage(() => window.sessionStorage)) },
    scanLogin: createScanLoginClient({ http, crypto }),
    personal: { personal: createPersonalClient({ http, crypto }), childAccounts: createChildAccountClient({ http, crypto }) },
    notary: { client: notaryClient, auth: createNotaryAuth({ client: notaryClient, sessionStore, now, showMessage: messageModal.show }) },
    operator: { client: operatorClient, auth: createOperatorAuth({ client: operatorClient, sessionStore, now, showMessage: messageModal.show }) },
    dataProvider: createDataProvider(http),
    /** Calls answered as a stream of events (the legal AI assistant's answers). */
    eventStream: http,
    /** Certificates: public verification lookups, the platform key, the holder's PDF. */
    verification: createVerificationClient({ http, signedUrl: createSignedUrlBuilder({ sessionStore, now }) }),
    authProvider: createAuthProvider({
      http,
      sessionStore,
      now,
      showMessage: messageModal.show,
      accounts,
      getLocation: navigation.getLocation,
    }),
    accessControlProvider: createAccessControlProvider({ sessionStore, now, loadConsolePermissions: () => loadRegistryApp().then((module) => module.consolePermissions) }),
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
