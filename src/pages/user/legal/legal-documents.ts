import { APP_PATHS } from "../../../app/path-rules";
import type { LegalText } from "./legal-document";

/**
 * The legal texts under /user (spec §2): their paths and titles, which the routes, the footer and
 * the cross-links use, and each text loaded only with its own page (issue 20).
 */
export const LEGAL_DOCUMENTS: readonly { path: string; title: string; loadText: () => Promise<LegalText> }[] = [
  { path: APP_PATHS.agreement, title: "用户注册协议", loadText: () => import("./user-agreement").then((module) => module.USER_AGREEMENT) },
  { path: APP_PATHS.privacyAgreement, title: "隐私政策", loadText: () => import("./privacy-policy").then((module) => module.PRIVACY_POLICY) },
  { path: APP_PATHS.privacyShareAuthority, title: "权限申请与使用说明", loadText: () => import("./privacy-share-authority").then((module) => module.PRIVACY_SHARE_AUTHORITY) },
  { path: APP_PATHS.privacyShareGathering, title: "个人信息收集清单", loadText: () => import("./privacy-share-gathering").then((module) => module.PRIVACY_SHARE_GATHERING) },
  { path: APP_PATHS.privacyShareSDK, title: "第三方共享清单", loadText: () => import("./privacy-share-sdk").then((module) => module.PRIVACY_SHARE_SDK) },
];

/** The title of the legal text at `path`. */
export function legalDocumentTitle(path: string): string {
  const entry = LEGAL_DOCUMENTS.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`no legal text at ${path}`);
  return entry.title;
}
