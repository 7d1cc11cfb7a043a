import { createMessageModalStore } from "../components/message-modal-store";
import { createAccessControlProvider } from "../providers/access-control-provider";
import { createAuthProvider } from "../providers/auth-provider";
import { createDataProvider } from "../providers/data-provider";
import { createHttpClient, WEBAPI_BASE_URL } from "../providers/http-client";
import { createMemoryStorage, createSessionStore, type StorageLike } from "../providers/session-store";
import { lookupUserInfo } from "../providers/user-info-lookup";
import { createNavigationBridge } from "./navigation-bridge";

/** Everything the app wires together, built once per page load; the providers share one client and one store. */
export function createAppServices() {
  const now = () => Date.now();
  const sessionStore = createSessionStore(browserStorage());
  const navigation = createNavigationBridge();
  const messageModal = createMessageModalStore();
  const http = createHttpClient({
    baseURL: WEBAPI_BASE_URL,
    sessionStore,
    getLocation: navigation.getLocation,
    navigate: navigation.navigate,
    now,
  });
  return {
    sessionStore,
    navigation,
    messageModal,
    dataProvider: createDataProvider(http),
    authProvider: createAuthProvider({ http, sessionStore, now, showMessage: messageModal.show }),
    accessControlProvider: createAccessControlProvider({ sessionStore, now }),
    lookupUserInfo: (userId: string, token: string) => lookupUserInfo({ http, sessionStore, now }, userId, token),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;

/** localStorage, or memory where the browser refuses it (some private modes throw on access). */
function browserStorage(): StorageLike {
  try {
    const storage = window.localStorage;
    storage.getItem("");
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
