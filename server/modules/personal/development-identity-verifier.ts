import type { IdentityDecision, IdentityVerifier } from "./identity-verifier.js";

/**
 * The development provider: it never decides by itself. Every application waits (status 1) until
 * an operator approves or rejects it on the development page /dev/identity, so nobody mistakes a
 * development installation for one that really checked an identity. Refused in production.
 */
export class DevelopmentIdentityVerifier implements IdentityVerifier {
  readonly name = "development-manual";

  async checkPerson(): Promise<IdentityDecision> {
    return { outcome: "pending" };
  }

  async checkOrganisation(): Promise<IdentityDecision> {
    return { outcome: "pending" };
  }
}
