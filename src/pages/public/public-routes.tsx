import type { AppRoute } from "../../app/app-route";
import { PUBLIC_PAGE_PATHS } from "../../app/public-page-paths";
import { lazyPage, lightPage } from "../../app/lazy-page";
import type { LedgerQueryPageDefinition } from "../info/ledger-queries/ledger-query-definition";
import { LEDGER_QUERY_PAGES } from "../info/ledger-queries/ledger-query-pages";

/**
 * The public information, activity and legal-AI pages (spec §2), spread into appRoutes. Which of
 * them a visitor may open is the navigation guard's rule (path-rules.ts), not decided here:
 * /legalAI and /notary/index are not among the spec's public prefixes, so they need a login.
 */
export const publicPageRoutes: readonly AppRoute[] = [
  { path: PUBLIC_PAGE_PATHS.blockChain, element: lazyPage(() => import("../info/block-chain/block-chain-page").then((module) => module.BlockChainPage)) },
  { path: PUBLIC_PAGE_PATHS.bigData, element: lazyPage(() => import("../info/big-data/big-data-page").then((module) => module.BigDataPage)) },
  { path: PUBLIC_PAGE_PATHS.internetCourt, element: lazyPage(() => import("../info/internet-court/internet-court-page").then((module) => module.InternetCourtPage)) },
  { path: PUBLIC_PAGE_PATHS.about, element: lazyPage(() => import("../info/about/about-page").then((module) => module.AboutPage)) },
  { path: PUBLIC_PAGE_PATHS.product, element: lazyPage(() => import("../info/product/product-page").then((module) => module.ProductPage)) },
  { path: PUBLIC_PAGE_PATHS.activityProduct, element: lazyPage(() => import("../info/activity-product/news-list-page").then((module) => module.NewsListPage)) },
  { path: PUBLIC_PAGE_PATHS.detailsProduct, element: lazyPage(() => import("../info/details-product/news-detail-page").then((module) => module.NewsDetailPage)) },
  { path: PUBLIC_PAGE_PATHS.openPlatform, element: lazyPage(() => import("../info/open-platform/open-platform-page").then((module) => module.OpenPlatformPage)) },
  { path: PUBLIC_PAGE_PATHS.extractLogin, element: lazyPage(() => import("../info/extraction/extract-login-page").then((module) => module.ExtractLoginPage)) },
  { path: PUBLIC_PAGE_PATHS.extractList, element: lazyPage(() => import("../info/extraction/extract-list-page").then((module) => module.ExtractListPage)) },
  // The verification pages are the visitor's: they load without refine (issue 20).
  ...LEDGER_QUERY_PAGES.map((definition) => ({
    path: definition.path,
    element: lightPage(async () => {
      const [{ LedgerQueryPage }, statement] = await Promise.all([import("../info/ledger-queries/ledger-query-page"), ledgerQueryStatement(definition)]);
      return () => <LedgerQueryPage definition={definition} statement={statement} />;
    }),
  })),
  { path: PUBLIC_PAGE_PATHS.activity, element: lazyPage(() => import("./activity/activity-page").then((module) => module.ActivityPage)) },
  { path: PUBLIC_PAGE_PATHS.lawyerActivity, element: lazyPage(() => import("./activity/lawyer-activity-page").then((module) => module.LawyerActivityPage)) },
  { path: PUBLIC_PAGE_PATHS.notarizationActivity, element: lazyPage(() => import("./activity/notarization-activity-page").then((module) => module.NotarizationActivityPage)) },
  { path: PUBLIC_PAGE_PATHS.qrCodeShare, element: lazyPage(() => import("./qr-code-share/qr-code-share-page").then((module) => module.QrCodeSharePage)) },
  { path: PUBLIC_PAGE_PATHS.evidenceShare, element: lazyPage(() => import("./evidence-share/evidence-share-page").then((module) => module.EvidenceSharePage)) },
  { path: PUBLIC_PAGE_PATHS.legalAI, element: lazyPage(() => import("./legal-ai/legal-ai-page").then((module) => module.LegalAiPage)) },
  { path: PUBLIC_PAGE_PATHS.legalXGPT, element: lazyPage(() => import("./legal-ai/legal-xgpt-page").then((module) => module.LegalXgptPage)) },
  { path: PUBLIC_PAGE_PATHS.legalXGPTagreement, element: lazyPage(() => import("./legal-ai/legal-xgpt-agreement-page").then((module) => module.LegalXgptAgreementPage)) },
  { path: PUBLIC_PAGE_PATHS.legalXGPTShare, element: lazyPage(() => import("./legal-ai/legal-xgpt-share-page").then((module) => module.LegalXgptSharePage)) },
  { path: PUBLIC_PAGE_PATHS.notaryEntrance, element: lazyPage(() => import("./notary-entrance/notary-entrance-page").then((module) => module.NotaryEntrancePage)) },
  { path: PUBLIC_PAGE_PATHS.helpCenter, element: lazyPage(() => import("./help-center/help-center-page").then((module) => module.HelpCenterPage)) },
  { path: PUBLIC_PAGE_PATHS.signOnLogin, element: lazyPage(() => import("./sign-on/sign-on-login-page").then((module) => module.SignOnLoginPage)) },
];

/** A page whose documents come from another service says whether it is offered; the verification pages load nothing for it. */
async function ledgerQueryStatement(definition: LedgerQueryPageDefinition): Promise<string | null> {
  if (!definition.source) return null;
  const { pendingStatement } = await import("../info/ledger-queries/ledger-query-pending");
  return pendingStatement(definition);
}
