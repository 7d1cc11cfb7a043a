import { textRule } from "./string-rule";

/**
 * Domain and URL patterns (spec §5), used by web-page rights, snapshots and site monitoring.
 * Internationalised names must be given in punycode (xn--…), which is what browsers put in the
 * address bar when copied; http and https are the only schemes our capture browser fetches.
 */

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const TLD = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";
const DOMAIN = `(?:${LABEL}\\.)+${TLD}`;
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
const SCHEME = "https?:\\/\\/";
const PORT = "(?::\\d{1,5})?";
/** After the host: a path, query or fragment without spaces. */
const REST = "(?:[/?#]\\S*)?";

const anchored = (source: string) => new RegExp(`^${source}$`, "i");

export const DOMAIN_PATTERN = anchored(DOMAIN);
/** A web address where the scheme may be left out (www.example.com/page). */
export const URL_PATTERN = anchored(`(?:${SCHEME})?(?:${DOMAIN}|${IPV4})${PORT}${REST}`);
/** A web address that must start with http:// or https://. */
export const URL_WITH_SCHEME_PATTERN = anchored(`${SCHEME}(?:${DOMAIN}|${IPV4})${PORT}${REST}`);

export const isDomain = (value: string) => value.length <= 253 && DOMAIN_PATTERN.test(value);
export const isUrl = (value: string) => URL_PATTERN.test(value);
export const isUrlWithScheme = (value: string) => URL_WITH_SCHEME_PATTERN.test(value);

/** Prefixes a scheme-less address (as users type them) so it can be fetched. */
export function ensureUrlScheme(value: string, scheme: "http" | "https" = "http"): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `${scheme}://${trimmed}`;
}

export const DomainSchema = textRule({ required: "请输入域名", invalid: "请输入正确的域名", test: isDomain });
export const UrlSchema = textRule({ required: "请输入网址", invalid: "请输入正确的网址", test: isUrl });
export const UrlWithSchemeSchema = textRule({
  required: "请输入网址",
  invalid: "请输入以http://或https://开头的正确网址",
  test: isUrlWithScheme,
});
