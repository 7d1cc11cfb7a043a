import { CLOUD_BROWSER_PAGE_PATH } from "../schema/cloud-browser-path";

/**
 * Which paths are public, which belong to the notary console or the operator console and which are
 * the server's (spec §2).
 * Pure string rules shared by the navigation guard and the HTTP client's session reaction, so both
 * agree on what "a public page" is.
 */

/**
 * The app's routes outside the registry: the public pages, login, the user pages, the notary
 * console. A page of the eight main sections is named by the registry alone (src/resources/app-links.ts).
 */
export const APP_PATHS = {
  root: "/",
  home: "/index",
  notaryLogin: "/info/notaryOfficeLogin",
  notaryConsole: "/info/notaryRequests",
  notaryRequestList: "/info/notaryRequests/requestList",
  judicialStatus: "/judicialStatus",
  login: "/login",
  wxCallBack: "/wxCallBack",
  wxCallBackHome: "/wxCallBackHome",
  register: "/user/register",
  inviteRegister: "/inviteRegister",
  resetPassword: "/user/resetPassword",
  setPassword: "/user/setPassword",
  verificationCode: "/user/verificationCode",
  agreement: "/user/agreement",
  privacyAgreement: "/user/privacyAgreement",
  privacyShareAuthority: "/user/privacyShareAuthority",
  privacyShareGathering: "/user/privacyShareGathering",
  privacyShareSDK: "/user/privacyShareSDK",
  /** The operator console (issue 13): its home, and the base its registry (src/resources/console) is mounted at. */
  console: "/console",
  consoleLogin: "/console/login",
} as const;

/**
 * Public prefixes, compared with a plain "starts with" as the spec words it: `/wxCallBack` also
 * covers `/wxCallBackHome` and `/legalXGPT` covers its agreement and share pages; they are listed
 * anyway so the list reads like the spec. The two face-verification pages are named here.
 */
export const PUBLIC_PATH_PREFIXES = [
  APP_PATHS.home,
  "/login",
  "/wxCallBack",
  "/wxCallBackHome",
  "/legalXGPT",
  "/legalXGPTagreement",
  "/legalXGPTShare",
  "/niceToSingLogin",
  "/inviteRegister",
  "/user",
  "/info",
  "/Activity",
  "/evidenceShare",
  "/QRCodeShare",
  "/helpcenter",
  "/faceVerify",
  "/faceVerifyResult",
] as const;

/** Pages the server answers itself (API docs, recorder, static files); never the SPA's business. */
export const SERVER_PATH_FRAGMENTS = [CLOUD_BROWSER_PAGE_PATH, "/opendocs", "/assets", "/_blank"] as const;
export const SERVER_PATH_PREFIX = "/obtainEvidence";

export function isNotaryConsolePath(pathname: string): boolean {
  return pathname.startsWith(APP_PATHS.notaryConsole);
}

/** The operator console: its own session and login, outside the customers' guard. */
export function isConsolePath(pathname: string): boolean {
  return pathname === APP_PATHS.console || pathname.startsWith(`${APP_PATHS.console}/`);
}

/** The customers' login, coming back to `wanted` (path and query) after signing in. */
export function loginPath(wanted: string): string {
  return `${APP_PATHS.login}?${new URLSearchParams({ redirect: wanted })}`;
}

/** The console's login, with the console page to come back to after signing in (`?redirect=`). */
export function consoleLoginPath(wanted?: string): string {
  return wanted && wanted !== APP_PATHS.console ? `${APP_PATHS.consoleLogin}?${new URLSearchParams({ redirect: wanted })}` : APP_PATHS.consoleLogin;
}

/**
 * Where the console's login goes on to: the `redirect` query when it is a console page (so a
 * crafted link cannot send an operator off the site or back to the login), else the console's home.
 */
export function consoleReturnPath(search: string): string {
  const wanted = new URLSearchParams(search).get("redirect");
  if (wanted === null || !wanted.startsWith("/") || wanted.startsWith("//")) return APP_PATHS.console;
  // Read as the browser would ("/console/../index" is /index), and followed in that form.
  const { pathname, search: query } = new URL(wanted, "http://console.invalid");
  return isConsolePath(pathname) && pathname !== APP_PATHS.consoleLogin ? pathname + query : APP_PATHS.console;
}

export function isPublicPath(pathname: string): boolean {
  if (isNotaryConsolePath(pathname)) return false;
  return PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function isServerPath(pathname: string): boolean {
  const isObtainEvidence = pathname === SERVER_PATH_PREFIX || pathname.startsWith(`${SERVER_PATH_PREFIX}/`);
  return isObtainEvidence || SERVER_PATH_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}
