/**
 * Paths of the public information, activity and legal-AI pages (spec §2 "Top-level and public
 * routes"). The routes (pages/public/public-routes.tsx), the links between the pages and the
 * end-to-end test all read them from here; the server's /obtainEvidence redirect names
 * `extractLogin` (server/modules/content/obtain-evidence.routes.ts).
 */
export const PUBLIC_PAGE_PATHS = {
  blockChain: "/info/blockChain",
  bigData: "/info/bigData",
  internetCourt: "/info/InternetCourt",
  about: "/info/about",
  product: "/info/product",
  activityProduct: "/info/activityProduct",
  detailsProduct: "/info/detailsProduct",
  openPlatform: "/info/OpenPlatform",
  extractLogin: "/info/extractLogin",
  extractList: "/info/extractList",
  certificate: "/info/certificate",
  notaryCertificate: "/info/notaryCertificate",
  xcontractCertificate: "/info/xcontractCertificate",
  validateQuery: "/info/validateQuery",
  activity: "/Activity",
  lawyerActivity: "/Activity/lawyer",
  notarizationActivity: "/Activity/notarization",
  qrCodeShare: "/QRCodeShare",
  evidenceShare: "/evidenceShare",
  legalAI: "/legalAI",
  legalXGPT: "/legalXGPT",
  legalXGPTagreement: "/legalXGPTagreement",
  legalXGPTShare: "/legalXGPTShare",
  notaryEntrance: "/notary/index",
  obtainEvidence: "/obtainEvidence",
  helpCenter: "/helpcenter",
  signOnLogin: "/niceToSingLogin",
} as const;

/** Pages other issues build; linked from here so the links keep the spec's paths. */
export const LINKED_PATHS = {
  openDocs: "/opendocs",
} as const;

/** The article detail page's address for one article (spec: /info/detailsProduct?articleId=). */
export function newsDetailPath(articleId: number): string {
  return `${PUBLIC_PAGE_PATHS.detailsProduct}?articleId=${articleId}`;
}

/** Where the help centre opens: a leaf menu (by its code and id), optionally one of its articles (query `code`, `menuId`, `articleId`). */
export function helpCenterPath(place: { code: string; menuId: number; articleId?: number }): string {
  const query = new URLSearchParams({ code: place.code, menuId: String(place.menuId) });
  if (place.articleId !== undefined) query.set("articleId", String(place.articleId));
  return `${PUBLIC_PAGE_PATHS.helpCenter}?${query.toString()}`;
}
