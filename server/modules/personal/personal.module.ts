import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import type { AccountServices } from "../account/account.module.js";
import { createChildAccountService } from "../child-account/child-account.module.js";
import { childAccountRoutes } from "../child-account/child-account.routes.js";
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

export type PersonalDependencies = {
  config: AppConfig;
  db: Kysely<Database>;
  accounts: AccountServices;
  sessions: SessionService;
  blobs: BlobStore;
  now: () => number;
};

/**
 * The identity provider of this installation. Only the development provider exists so far, and it
 * is refused in production: there real-name submissions answer 3024 until a real provider (an
 * ID-card check, a business-registry lookup) is implemented behind IdentityVerifier.
 */
function createIdentityVerifier(config: AppConfig): IdentityVerifier | null {
  return config.developmentProviders ? new DevelopmentIdentityVerifier() : null;
}

/** The personal centre (spec §2 /personal) and the child accounts it manages. */
export function createPersonalServices({ config, db, accounts, sessions, blobs, now }: PersonalDependencies) {
  const children = createChildAccountService(db, accounts, sessions, now);
  const common = { users: accounts.users, accounts: accounts.accounts, now };
  return {
    children,
    identity: new IdentityService({ ...common, applications: new IdentityRepository(db), blobs, verifier: createIdentityVerifier(config) }),
    profiles: new ProfileService({
      ...common,
      avatars: new AvatarRepository(db),
      blobs,
      storagePrefix: config.storagePrefix,
      childAccountNameOf: (userId) => children.nameOf(userId),
    }),
    security: new AccountSecurityService({
      ...common,
      codes: accounts.codes,
      fields: accounts.fields,
      hasher: accounts.hasher,
      throttle: accounts.throttle,
      sessions,
      storagePrefix: config.storagePrefix,
      countActiveChildren: (parentId) => children.countActive(parentId),
    }),
  };
}

export type PersonalServices = ReturnType<typeof createPersonalServices>;

export async function personalRoutes(app: FastifyInstance, options: { personal: PersonalServices; developmentProviders: boolean }) {
  const { personal } = options;
  await app.register(profileRoutes, { profiles: personal.profiles });
  await app.register(identityRoutes, { identity: personal.identity });
  await app.register(accountSecurityRoutes, { security: personal.security });
  await app.register(childAccountRoutes, { children: personal.children });
  await app.register(devIdentityRoutes, { identity: personal.identity, developmentProviders: options.developmentProviders });
}
