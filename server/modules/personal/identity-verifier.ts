import type { CheckOutcome } from "../../../src/schema/console/identity-review.js";

/**
 * The automatic check behind real-name and enterprise verification: a vendor's ID-card two-factor
 * check, a business-registry lookup. It never decides: it answers what it found, which the
 * application keeps for the operator who then approves or rejects it in the console (issue 13).
 * Which provider runs is decided in personal.module.ts; none at all is allowed (the application
 * then simply waits for a person).
 */
export type PersonApplication = { applicationId: number; realName: string; idNumber: string };

export type OrganisationApplication = {
  applicationId: number;
  enterpriseName: string;
  institutionType: number;
  certificateKind: "businessLicence" | "organisationCode";
  certificateNumber: string;
  licenceImage: { content: Buffer; mimeType: string };
};

/** "unavailable": no check could be made; `note` (Chinese, shown to the reviewer) says why or what was found. */
export type IdentityCheck = { outcome: CheckOutcome; note: string };

export interface IdentityVerifier {
  /** Stored with each application, so a check can be traced to who made it. */
  readonly name: string;
  checkPerson(application: PersonApplication): Promise<IdentityCheck>;
  checkOrganisation(application: OrganisationApplication): Promise<IdentityCheck>;
}
