import type { ReactNode } from "react";
import { ErrorPage } from "../pages/error/error-page";
import { HomePage } from "../pages/home/home-page";
import { JudicialStatusPage } from "../pages/judicial/judicial-status-page";
import { LoginPage } from "../pages/login/login-page";
import { ScanCallbackPage } from "../pages/login/scan-callback-page";
import { NotaryLoginPage } from "../pages/notary/notary-login-page";
import { NotaryRequestsPage } from "../pages/notary/notary-requests-page";
import { publicPageRoutes } from "../pages/public/public-routes";
import { LegalDocumentPage } from "../pages/user/legal/legal-document-page";
import { LEGAL_DOCUMENTS } from "../pages/user/legal/legal-documents";
import { RegisterPage } from "../pages/user/register-page";
import { ResetPasswordPage } from "../pages/user/reset-password-page";
import { SetPasswordPage } from "../pages/user/set-password-page";
import { VerificationCodePage } from "../pages/user/verification-code-page";
import { APP_PATHS } from "./path-rules";
import { sectionRoutes } from "./section-routes";

/**
 * The public, account and notary routes as one plain array (STYLE.md: routes as one declarative
 * array). The eight main sections' routes come from the resource registry (section-routes.tsx).
 */
export type AppRoute = { path: string; element: ReactNode } | { path: string; redirectTo: string };

export const CATCH_ALL_PATH = "*";

export const appRoutes: readonly AppRoute[] = [
  { path: APP_PATHS.root, redirectTo: APP_PATHS.operationPanel },
  { path: APP_PATHS.home, element: <HomePage /> },
  { path: APP_PATHS.notaryLogin, element: <NotaryLoginPage /> },
  { path: `${APP_PATHS.notaryConsole}/*`, element: <NotaryRequestsPage /> },
  { path: APP_PATHS.judicialStatus, element: <JudicialStatusPage /> },
  { path: APP_PATHS.login, element: <LoginPage /> },
  { path: APP_PATHS.register, element: <RegisterPage /> },
  { path: APP_PATHS.resetPassword, element: <ResetPasswordPage /> },
  { path: APP_PATHS.setPassword, element: <SetPasswordPage /> },
  { path: APP_PATHS.verificationCode, element: <VerificationCodePage /> },
  { path: APP_PATHS.wxCallBack, element: <ScanCallbackPage /> },
  { path: APP_PATHS.wxCallBackHome, element: <ScanCallbackPage /> },
  ...LEGAL_DOCUMENTS.map(({ path, document }) => ({ path, element: <LegalDocumentPage document={document} /> })),
  ...publicPageRoutes,
  { path: CATCH_ALL_PATH, element: <ErrorPage /> },
];

/** What the navigation guard counts as "matched": everything but the catch-all. */
export const knownRoutePatterns: readonly string[] = [...appRoutes, ...sectionRoutes]
  .map((route) => route.path)
  .filter((path) => path !== CATCH_ALL_PATH);
