import { Navigate, Route } from "react-router";
import { publicPageRoutes } from "../pages/public/public-routes";
import { LEGAL_DOCUMENTS } from "../pages/user/legal/legal-documents";
import type { AppRoute } from "./app-route";
import { lazyPage, lightPage } from "./lazy-page";
import { APP_PATHS } from "./path-rules";

export const CATCH_ALL_PATH = "*";

const loadScanCallbackPage = () => import("../pages/login/scan-callback-page").then((module) => module.ScanCallbackPage);

/**
 * The public, account and notary-login routes as one plain array (STYLE.md: routes as one
 * declarative array). The eight main sections' routes, the operator console's and the notary
 * console's come from the resource registries (section-routes.tsx), with "/" and the catch-all, in
 * the registry part of the app (registry-app.tsx), loaded only when needed; the consoles' logins are here.
 */
export const appRoutes: readonly AppRoute[] = [
  // The home page (its banner, login panel and forms) loads as a page of its own, so that a visitor
  // arriving at another public page (the verification page) does not load it; and without refine.
  // Drawn with the light kit: no antd on a visitor's first load (issue 20).
  { path: APP_PATHS.home, element: lightPage(() => import("../pages/home/home-page").then((module) => module.HomePage)) },
  { path: APP_PATHS.notaryLogin, element: lazyPage(() => import("../pages/notary/notary-login-page").then((module) => module.NotaryLoginPage)) },
  { path: APP_PATHS.consoleLogin, element: lazyPage(() => import("../pages/console/login/console-login-page").then((module) => module.ConsoleLoginPage)) },
  { path: APP_PATHS.judicialStatus, element: lazyPage(() => import("../pages/judicial/judicial-status-page").then((module) => module.JudicialStatusPage)) },
  { path: APP_PATHS.login, element: lazyPage(() => import("../pages/login/login-page").then((module) => module.LoginPage)) },
  { path: APP_PATHS.register, element: lazyPage(() => import("../pages/user/register-page").then((module) => module.RegisterPage)) },
  { path: APP_PATHS.inviteRegister, element: lazyPage(() => import("../pages/user/register-page").then(({ RegisterPage }) => () => <RegisterPage title="受邀注册" />)) },
  { path: APP_PATHS.resetPassword, element: lazyPage(() => import("../pages/user/reset-password-page").then((module) => module.ResetPasswordPage)) },
  { path: APP_PATHS.setPassword, element: lazyPage(() => import("../pages/user/set-password-page").then((module) => module.SetPasswordPage)) },
  { path: APP_PATHS.verificationCode, element: lazyPage(() => import("../pages/user/verification-code-page").then((module) => module.VerificationCodePage)) },
  { path: APP_PATHS.wxCallBack, element: lazyPage(loadScanCallbackPage) },
  { path: APP_PATHS.wxCallBackHome, element: lazyPage(loadScanCallbackPage) },
  ...LEGAL_DOCUMENTS.map(({ path, title, loadText }) => ({
    path,
    element: lazyPage(async () => {
      const [{ LegalDocumentPage }, text] = await Promise.all([import("../pages/user/legal/legal-document-page"), loadText()]);
      return () => <LegalDocumentPage document={{ title, ...text }} />;
    }),
  })),
  ...publicPageRoutes,
];

/** What the navigation guard knows without the registry part of the app (registry-app.tsx adds the rest). */
export const publicRoutePatterns: readonly string[] = appRoutes.map((route) => route.path);

export function renderRoute(route: AppRoute) {
  return (
    <Route
      key={route.path}
      path={route.path}
      caseSensitive
      element={"redirectTo" in route ? <Navigate to={route.redirectTo} replace /> : route.element}
    />
  );
}
