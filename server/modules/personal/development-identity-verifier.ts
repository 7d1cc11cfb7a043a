import type { IdentityCheck, IdentityVerifier } from "./identity-verifier.js";

const NO_CHECK: IdentityCheck = { outcome: "unavailable", note: "开发环境不连接核验服务，未进行自动核验，请人工核对资料" };

/**
 * The development provider: it checks nothing and says so, so nobody mistakes a development
 * installation for one that really checked an identity. Every application waits for an operator
 * in the console. Never configured in production.
 */
export class DevelopmentIdentityVerifier implements IdentityVerifier {
  readonly name = "development";

  async checkPerson(): Promise<IdentityCheck> {
    return NO_CHECK;
  }

  async checkOrganisation(): Promise<IdentityCheck> {
    return NO_CHECK;
  }
}
