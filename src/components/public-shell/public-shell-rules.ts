import { APP_PATHS, isNotaryConsolePath } from "../../app/path-rules";
import { PUBLIC_PAGE_PATHS } from "../../app/public-page-paths";

/**
 * Which pages sit in the public shell and what it shows where (spec §2). Pure string rules, so
 * the router, the shell and the tests agree.
 */

/** The single sign-on landing; the shell there hides its floating buttons and the testing-centre line. */
const NICE_TO_SING_LOGIN_PATH = PUBLIC_PAGE_PATHS.signOnLogin;
/** Spec §2 hides the floating buttons on every route whose path contains this. */
const LEGAL_AI_FRAGMENT = "legalAI";

/**
 * Public pages framed by the public header and footer: the home, the /info pages, the help centre,
 * the activity pages, legal AI and the sign-on landing. The notary office's login and console
 * keep their own frame (a staff tool, not the marketing site), as do /login and /user/*, which are
 * focused forms in the account frame, and the certificate views, which are documents to print.
 */
const SHELL_PREFIXES = [
  APP_PATHS.home,
  "/info/",
  PUBLIC_PAGE_PATHS.helpCenter,
  PUBLIC_PAGE_PATHS.activity,
  PUBLIC_PAGE_PATHS.legalAI,
  NICE_TO_SING_LOGIN_PATH,
] as const;

const CERTIFICATE_VIEWS: readonly string[] = [
  PUBLIC_PAGE_PATHS.certificate,
  PUBLIC_PAGE_PATHS.notaryCertificate,
  PUBLIC_PAGE_PATHS.xcontractCertificate,
];

export function isPublicShellPath(pathname: string): boolean {
  if (isNotaryConsolePath(pathname) || pathname === APP_PATHS.notaryLogin) return false;
  if (CERTIFICATE_VIEWS.includes(pathname)) return false;
  return SHELL_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

/** A visitor sees the 登录 link everywhere but on /index, where the login panel itself is shown. */
export function shouldShowLoginLink(pathname: string, isSignedIn: boolean): boolean {
  return !isSignedIn && pathname !== APP_PATHS.home;
}

export function shouldShowFloatingTools(pathname: string): boolean {
  return !pathname.includes(LEGAL_AI_FRAGMENT) && pathname !== NICE_TO_SING_LOGIN_PATH;
}

export function shouldShowTestingCentreLine(pathname: string): boolean {
  return pathname !== NICE_TO_SING_LOGIN_PATH;
}
