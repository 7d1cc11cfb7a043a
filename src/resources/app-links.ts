import { registryPathIn } from "./derive";
import type { Registry } from "./types";

/**
 * Registry pages that screens outside their own section link to (the operation panel from the home
 * page, online recharge from the header, the security centre from the account summary …), by name.
 * Only the section's route key and the page's path below it are named here; the full paths are
 * derived from the registry once (deriveAppLinks) and handed to the screens by the app
 * (src/providers/app-links-context.tsx), so no page spells a registry path or imports the registry.
 */
export const APP_LINK_TARGETS = {
  operationPanel: { section: "personal/operationPanel" },
  authentication: { section: "personal/securityCenter", page: "authentication" },
  enterpriseProve: { section: "personal/securityCenter", page: "enterpriseProve" },
  bindMobile: { section: "personal/securityCenter", page: "bindMobile" },
  bindEmail: { section: "personal/securityCenter", page: "bindEmail" },
  changePassword: { section: "personal/securityCenter", page: "changePassword" },
  onlineCharge: { section: "personal/expenseCenter", page: "onlineCharge" },
  purchasePackage: { section: "personal/expenseCenter", page: "purchasePackage" },
  expenseRecord: { section: "personal/expenseCenter", page: "expenseRecord" },
  newTextMonitor: { section: "monitor/text", page: "ystwnew" },
  textMonitorList: { section: "monitor/text", page: "ystwdataList" },
  notarizationGuidance: { section: "judicial/notarization", page: "guidance" },
  /** Paying an appraisal's quoted fee, buying a notarisation bundle (?commission= / ?application=). */
  judicialPay: { section: "judicial/judicialPay", page: "addJudicialPay" },
  judicialPayment: { section: "judicial/judicialPay", page: "seeJudicialPay" },
  appraisalCommission: { section: "judicial/judicialExpert", page: "dataDetail" },
  /** The evidence library's selection goes on to a notarisation application (`?ids=`). */
  notarizationList: { section: "judicial/notarization", page: "dataList" },
  /** Any evidence's certificate, by its record id (a notarisation lists the evidence it covers). */
  evidenceCertificate: { section: "evidences/dataList", page: "Certificate" },
  /** A capture started elsewhere (the rights web page) is reviewed where all captures are listed. */
  captureReview: { section: "evidenceTaken/totalEvidenceTaken", page: "dataList/review" },
} as const satisfies Record<string, { section: string; page?: string }>;

export type AppLinkName = keyof typeof APP_LINK_TARGETS;
export type AppLinks = Readonly<Record<AppLinkName, string>>;

/** Every named link's full path; throws if the registry lacks one of the pages. */
export function deriveAppLinks(registry: Registry): AppLinks {
  const entries = Object.entries(APP_LINK_TARGETS).map(([name, target]) => [name, registryPathIn(registry, target.section, "page" in target ? target.page : "")]);
  return Object.fromEntries(entries) as AppLinks;
}
