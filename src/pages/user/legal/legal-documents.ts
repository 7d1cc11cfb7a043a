import { APP_PATHS } from "../../../app/path-rules";
import type { LegalDocument } from "./legal-document";
import { PRIVACY_POLICY } from "./privacy-policy";
import { PRIVACY_SHARE_AUTHORITY } from "./privacy-share-authority";
import { PRIVACY_SHARE_GATHERING } from "./privacy-share-gathering";
import { PRIVACY_SHARE_SDK } from "./privacy-share-sdk";
import { USER_AGREEMENT } from "./user-agreement";

/** The legal texts under /user (spec §2) and their paths; the routes and the cross-links come from here. */
export const LEGAL_DOCUMENTS: readonly { path: string; document: LegalDocument }[] = [
  { path: APP_PATHS.agreement, document: USER_AGREEMENT },
  { path: APP_PATHS.privacyAgreement, document: PRIVACY_POLICY },
  { path: APP_PATHS.privacyShareAuthority, document: PRIVACY_SHARE_AUTHORITY },
  { path: APP_PATHS.privacyShareGathering, document: PRIVACY_SHARE_GATHERING },
  { path: APP_PATHS.privacyShareSDK, document: PRIVACY_SHARE_SDK },
];
