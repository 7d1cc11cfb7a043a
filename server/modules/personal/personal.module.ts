import type { FastifyInstance } from "fastify";
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
import { devIdentityRoutes } from "./dev-identity.routes.js";
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
 * The identity provider of this installation. Only the development provider exists so far, and it
 * is refused in production: there real-name submissions answer 3024 until a real provider (an
 * ID-card check, a business-registry lookup) is implemented behind IdentityVerifier.
 */
function createIdentityVerifier(config: AppConfig): IdentityVerifier | null {
  return config.developmentProviders ? new DevelopmentIdentityVerifier() : null;
}

function createPersonalServices({ config, db, now, accounts, security, sessions, blobs }: PersonalModuleOptions) {
  const { records, subAccounts } = accounts;
  return {
    identity: new IdentityService({ accounts: records, applications: new IdentityRepository(db), blobs, verifier: createIdentityVerifier(config), now }),
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
  const personal = publish(app, "personal", createPersonalServices(options));
  await app.register(profileRoutes, { profiles: personal.profiles });
  await app.register(identityRoutes, { identity: personal.identity });
  await app.register(accountSecurityRoutes, { security: personal.security });
  await app.register(devIdentityRoutes, { identity: personal.identity, developmentProviders: options.config.developmentProviders });
}
