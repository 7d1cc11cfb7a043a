import { createAccountClient } from "../providers/account-client";
import { createAuthProvider } from "../providers/auth-provider";
import { createDataProvider } from "../providers/data-provider";
import { createHttpClient, WEBAPI_BASE_URL } from "../providers/http-client";
import { createLoginCrypto } from "../providers/login-crypto";
import type { MessageModalStore } from "../providers/message-modal-store";
import { createScanLoginClient } from "../providers/scan-login-client";
import type { SessionStore } from "../providers/session-store";
import { createSignedUrlBuilder } from "../providers/signed-url";
import { lookupUserInfo } from "../providers/user-info-lookup";
import { createVerificationClient } from "../verification/verification-client";
import type { NavigationBridge } from "./navigation-bridge";

/**
 * Everything that calls /webapi: the one HTTP client (axios, the request signing) and the clients
 * and providers built on it, sharing it and one login crypto. Built once per page load, on the
 * first call (app-services.ts): they bring the endpoint contracts and zod, which a visitor's first
 * load of a page that calls nothing at start goes without (issue 20).
 */
export interface AppClientsDeps {
  sessionStore: SessionStore;
  navigation: Pick<NavigationBridge, "getLocation" | "navigate">;
  messageModal: MessageModalStore;
  now: () => number;
}

export type AppClients = ReturnType<typeof createAppClients>;

export function createAppClients({ sessionStore, navigation, messageModal, now }: AppClientsDeps) {
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
  return {
    http,
    crypto,
    accounts,
    dataProvider: createDataProvider(http),
    authProvider: createAuthProvider({ http, sessionStore, now, showMessage: messageModal.show, accounts, getLocation: navigation.getLocation }),
    scanLogin: createScanLoginClient({ http, crypto }),
    /** Certificates: public verification lookups, the platform key, the holder's PDF. */
    verification: createVerificationClient({ http, signedUrl: createSignedUrlBuilder({ sessionStore, now }) }),
    lookupUserInfo: (userId: string, token: string) => lookupUserInfo({ http, sessionStore, now }, userId, token),
  };
}
