import { createAccessControlProvider } from "../providers/access-control-provider";
import { createChildAccountClient } from "../providers/child-account-client";
import { createNotaryAuth } from "../providers/notary-auth";
import { createNotaryClient } from "../providers/notary-client";
import { createOperatorAuth } from "../providers/operator-auth";
import { createOperatorClient } from "../providers/operator-client";
import { createPersonalClient } from "../providers/personal-client";
import type { AccessControlOptions } from "../providers/access-control-provider";
import type { AppClients } from "./app-clients";
import type { AppServices } from "./app-services";

/**
 * The logged-in app's services (the consoles', the personal centre's, access control), built on the
 * page's shared ones. The console's permissions come with the registry part, which the caller loads.
 */
export function createWorkspaceServices({ sessionStore, now, messageModal }: AppServices, { http, crypto }: AppClients, loadConsolePermissions: AccessControlOptions["loadConsolePermissions"]) {
  const notaryClient = createNotaryClient({ http, crypto });
  const operatorClient = createOperatorClient({ http, crypto });
  return {
    personal: { personal: createPersonalClient({ http, crypto }), childAccounts: createChildAccountClient({ http, crypto }) },
    notary: { client: notaryClient, auth: createNotaryAuth({ client: notaryClient, sessionStore, now, showMessage: messageModal.show }) },
    operator: { client: operatorClient, auth: createOperatorAuth({ client: operatorClient, sessionStore, now, showMessage: messageModal.show }) },
    /** Calls answered as a stream of events (the legal AI assistant's answers). */
    eventStream: http,
    accessControlProvider: createAccessControlProvider({ sessionStore, now, loadConsolePermissions }),
  };
}
