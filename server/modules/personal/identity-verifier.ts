/**
 * The identity check behind real-name and enterprise verification. A real provider (an ID-card
 * two-factor check, a business-registry lookup) answers at once or later; the platform only keeps
 * the application and mirrors the decision. Which provider runs is decided in personal.module.ts.
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

/** "pending": the decision comes later, through IdentityService.decide. */
export type IdentityDecision = { outcome: "approved" } | { outcome: "rejected"; reason: string } | { outcome: "pending" };

export interface IdentityVerifier {
  /** Stored with each application, so a decision can be traced to who made it. */
  readonly name: string;
  checkPerson(application: PersonApplication): Promise<IdentityDecision>;
  checkOrganisation(application: OrganisationApplication): Promise<IdentityDecision>;
}
