import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { AppConfig } from "../../config.js";
import type { AccountServices } from "../account/account.module.js";
import { publish, type ModuleContext } from "../module.js";
import type { SecurityServices } from "../security/security.module.js";
import type { SessionService } from "../session/session.service.js";
import { accountSecurityRoutes } from "./account-security.routes.js";
import { AccountSecurityService } from "./account-security.service.js";
import { AvatarRepository } from "./avatar.repository.js";
import { DevelopmentIdentityVerifier } from "./development-identity-verifier.js";
import type { IdentityVerifier } from "./identity-verifier.js";
import { IdentityRepository } from "./identity.repository.js";
import { identityRoutes } from "./identity.routes.js";
import { IdentityService } from "./identity.service.js";
import { profileRoutes } from "./profile.routes.js";
import { ProfileService } from "./profile.service.js";

export type PersonalModuleOptions = ModuleContext & {
  accounts: Pick<AccountServices, "records" | "subAccounts" | "codes" | "hasher" | "throttle">;
  security: Pick<SecurityServices, "fields">;
  sessions: SessionService;
  blobs: BlobStore;
};

/**
 * The automatic identity check of this installation. Only the development provider exists so far
 * (it checks nothing and says so); production has none until a vendor (an ID-card check, a
 * business-registry lookup) is implemented behind IdentityVerifier. Either way an operator decides
 * every application in the console.
 */
function createIdentityVerifier(config: AppConfig): IdentityVerifier | null {
  return config.developmentProviders ? new DevelopmentIdentityVerifier() : null;
}

function createPersonalServices({ config, db, now, accounts, security, sessions, blobs }: PersonalModuleOptions, log: FastifyBaseLogger) {
  const { records, subAccounts } = accounts;
  return {
    identity: new IdentityService({ accounts: records, applications: new IdentityRepository(db), blobs, verifier: createIdentityVerifier(config), log, now }),
    profiles: new ProfileService({ accounts: records, subAccounts, avatars: new AvatarRepository(db), blobs, now, storagePrefix: config.storagePrefix }),
    security: new AccountSecurityService({
      accounts: records,
      subAccounts,
      codes: accounts.codes,
      fields: security.fields,
      hasher: accounts.hasher,
      throttle: accounts.throttle,
      sessions,
      storagePrefix: config.storagePrefix,
    }),
  };
}

export type PersonalServices = ReturnType<typeof createPersonalServices>;

/** The personal centre (spec §2 /personal): profile and avatar, identity verification, the security centre. */
export async function personalModule(app: FastifyInstance, options: PersonalModuleOptions) {
  const personal = publish(app, "personal", createPersonalServices(options, app.log));
  await app.register(profileRoutes, { profiles: personal.profiles });
  await app.register(identityRoutes, { identity: personal.identity });
  await app.register(accountSecurityRoutes, { security: personal.security });
}
