import type { ReactNode } from "react";
import { ErrorPage } from "../pages/error/error-page";
import { HomePage } from "../pages/home/home-page";
import { JudicialStatusPage } from "../pages/judicial/judicial-status-page";
import { LoginPage } from "../pages/login/login-page";
import { ScanCallbackPage } from "../pages/login/scan-callback-page";
import { NotaryLoginPage } from "../pages/notary/notary-login-page";
import { NotaryRequestsPage } from "../pages/notary/notary-requests-page";
import { AccountManagementPage } from "../pages/personal/account/account-management-page";
import { BindWechatPage } from "../pages/personal/bind-wechat-page";
import { ChildAccountListPage } from "../pages/personal/child-accounts/child-account-list-page";
import { CreateChildAccountPage } from "../pages/personal/child-accounts/create-child-account-page";
import { CreateSuccessPage } from "../pages/personal/child-accounts/create-success-page";
import { OperationPanelPage } from "../pages/personal/operation-panel-page";
import { AuthenticationPage } from "../pages/personal/security/authentication-page";
import { BindContactPage } from "../pages/personal/security/bind-contact-page";
import { CancellationPage } from "../pages/personal/security/cancellation-page";
import { ChangePasswordPage } from "../pages/personal/security/change-password-page";
import { EnterpriseProvePage } from "../pages/personal/security/enterprise-prove-page";
import { publicPageRoutes } from "../pages/public/public-routes";
import { LegalDocumentPage } from "../pages/user/legal/legal-document-page";
import { LEGAL_DOCUMENTS } from "../pages/user/legal/legal-documents";
import { RegisterPage } from "../pages/user/register-page";
import { ResetPasswordPage } from "../pages/user/reset-password-page";
import { SetPasswordPage } from "../pages/user/set-password-page";
import { VerificationCodePage } from "../pages/user/verification-code-page";
import { APP_PATHS } from "./path-rules";

/**
 * The routes that exist in this issue, as one plain array (STYLE.md: routes as one declarative
 * array). A later issue replaces it with the list generated from the resource registry.
 */
export type AppRoute = { path: string; element: ReactNode } | { path: string; redirectTo: string };

export const CATCH_ALL_PATH = "*";

export const appRoutes: readonly AppRoute[] = [
  { path: APP_PATHS.root, redirectTo: APP_PATHS.operationPanel },
  { path: APP_PATHS.home, element: <HomePage /> },
  { path: APP_PATHS.operationPanel, element: <OperationPanelPage /> },
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
  { path: APP_PATHS.bindWechat, element: <BindWechatPage /> },
  { path: APP_PATHS.accountManagement, element: <AccountManagementPage /> },
  { path: APP_PATHS.securityCenter, redirectTo: APP_PATHS.authentication },
  { path: APP_PATHS.authentication, element: <AuthenticationPage /> },
  { path: APP_PATHS.enterpriseProve, element: <EnterpriseProvePage /> },
  { path: APP_PATHS.bindMobile, element: <BindContactPage channel="mobile" /> },
  { path: APP_PATHS.bindEmail, element: <BindContactPage channel="email" /> },
  { path: APP_PATHS.changePassword, element: <ChangePasswordPage /> },
  { path: APP_PATHS.cancellation, element: <CancellationPage /> },
  { path: APP_PATHS.childAccountManagement, redirectTo: APP_PATHS.childAccountList },
  { path: APP_PATHS.childAccountList, element: <ChildAccountListPage /> },
  { path: APP_PATHS.createChildAccount, element: <CreateChildAccountPage /> },
  { path: APP_PATHS.createChildAccountSuccess, element: <CreateSuccessPage /> },
  ...LEGAL_DOCUMENTS.map(({ path, document }) => ({ path, element: <LegalDocumentPage document={document} /> })),
  ...publicPageRoutes,
  { path: CATCH_ALL_PATH, element: <ErrorPage /> },
];

/** What the navigation guard counts as "matched": everything but the catch-all. */
export const knownRoutePatterns: readonly string[] = appRoutes
  .map((route) => route.path)
  .filter((path) => path !== CATCH_ALL_PATH);
