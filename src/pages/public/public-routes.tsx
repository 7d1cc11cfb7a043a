import type { AppRoute } from "../../app/routes";
import { PUBLIC_PAGE_PATHS } from "../../app/public-page-paths";
import { AboutPage } from "../info/about/about-page";
import { NewsListPage } from "../info/activity-product/news-list-page";
import { BigDataPage } from "../info/big-data/big-data-page";
import { BlockChainPage } from "../info/block-chain/block-chain-page";
import { NewsDetailPage } from "../info/details-product/news-detail-page";
import { InternetCourtPage } from "../info/internet-court/internet-court-page";
import { LedgerQueryPage } from "../info/ledger-queries/ledger-query-page";
import { LEDGER_QUERY_PAGES } from "../info/ledger-queries/ledger-query-pages";
import { OpenPlatformPage } from "../info/open-platform/open-platform-page";
import { ProductPage } from "../info/product/product-page";
import { ActivityPage } from "./activity/activity-page";
import { LawyerActivityPage } from "./activity/lawyer-activity-page";
import { NotarizationActivityPage } from "./activity/notarization-activity-page";
import { EvidenceSharePage } from "./evidence-share/evidence-share-page";
import { LegalAiPage } from "./legal-ai/legal-ai-page";
import { LegalXgptAgreementPage } from "./legal-ai/legal-xgpt-agreement-page";
import { LegalXgptPage } from "./legal-ai/legal-xgpt-page";
import { LegalXgptSharePage } from "./legal-ai/legal-xgpt-share-page";
import { NotaryEntrancePage } from "./notary-entrance/notary-entrance-page";
import { QrCodeSharePage } from "./qr-code-share/qr-code-share-page";

/**
 * The public information, activity and legal-AI pages (spec §2), spread into appRoutes. Which of
 * them a visitor may open is the navigation guard's rule (path-rules.ts), not decided here:
 * /legalAI and /notary/index are not among the spec's public prefixes, so they need a login.
 */
export const publicPageRoutes: readonly AppRoute[] = [
  { path: PUBLIC_PAGE_PATHS.blockChain, element: <BlockChainPage /> },
  { path: PUBLIC_PAGE_PATHS.bigData, element: <BigDataPage /> },
  { path: PUBLIC_PAGE_PATHS.internetCourt, element: <InternetCourtPage /> },
  { path: PUBLIC_PAGE_PATHS.about, element: <AboutPage /> },
  { path: PUBLIC_PAGE_PATHS.product, element: <ProductPage /> },
  { path: PUBLIC_PAGE_PATHS.activityProduct, element: <NewsListPage /> },
  { path: PUBLIC_PAGE_PATHS.detailsProduct, element: <NewsDetailPage /> },
  { path: PUBLIC_PAGE_PATHS.openPlatform, element: <OpenPlatformPage /> },
  ...LEDGER_QUERY_PAGES.map((definition) => ({ path: definition.path, element: <LedgerQueryPage definition={definition} /> })),
  { path: PUBLIC_PAGE_PATHS.activity, element: <ActivityPage /> },
  { path: PUBLIC_PAGE_PATHS.lawyerActivity, element: <LawyerActivityPage /> },
  { path: PUBLIC_PAGE_PATHS.notarizationActivity, element: <NotarizationActivityPage /> },
  { path: PUBLIC_PAGE_PATHS.qrCodeShare, element: <QrCodeSharePage /> },
  { path: PUBLIC_PAGE_PATHS.evidenceShare, element: <EvidenceSharePage /> },
  { path: PUBLIC_PAGE_PATHS.legalAI, element: <LegalAiPage /> },
  { path: PUBLIC_PAGE_PATHS.legalXGPT, element: <LegalXgptPage /> },
  { path: PUBLIC_PAGE_PATHS.legalXGPTagreement, element: <LegalXgptAgreementPage /> },
  { path: PUBLIC_PAGE_PATHS.legalXGPTShare, element: <LegalXgptSharePage /> },
  { path: PUBLIC_PAGE_PATHS.notaryEntrance, element: <NotaryEntrancePage /> },
];
