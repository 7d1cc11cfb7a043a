import { isIP } from "node:net";

/**
 * CAPTURE_ALLOWED_HOSTS: hosts the operator lets captures reach despite the address policy (an
 * intranet site, a test server). `host` admits that host on 80/443 whatever it resolves to;
 * `host:port` also admits that port. Names compare case-insensitively, addresses in their WHATWG
 * spelling, so `LOCALHOST`, `127.1` and `[::1]` match what a URL says.
 */

export interface AllowedHostEntry {
  /** As URL.hostname spells it (IPv6 in brackets). */
  hostname: string;
  port: number | null;
}

const ENTRY = /^(\[[0-9a-fA-F:.]+\]|[^\s:/?#@[\]\\]+)(?::(\d{1,5}))?$/;

function parseEntry(text: string): AllowedHostEntry {
  const bad = () => new Error(`CAPTURE_ALLOWED_HOSTS 中的“${text}”格式不正确：应为 主机名 或 主机名:端口，IPv6 地址写作 [::1]:8080，多个以英文逗号分隔`);
  const match = ENTRY.exec(text);
  if (!match) throw bad();
  const [, host, portText] = match as unknown as [string, string, string | undefined];
  let hostname: string;
  try {
    hostname = new URL(`http://${host}/`).hostname;
  } catch {
    throw bad();
  }
  if (host.startsWith("[") && isIP(hostname.slice(1, -1)) !== 6) throw bad();
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65535)) throw bad();
  return { hostname, port };
}

/** Parses the variable's value (comma-separated; blanks ignored); throws an Error with a Chinese message. */
export function parseAllowedHosts(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const { hostname, port } = parseEntry(entry);
      return port === null ? hostname : `${hostname}:${port}`;
    });
}

export interface HostAdmission {
  /** The host is named: its addresses are not checked against the policy. */
  bypassesAddressPolicy: boolean;
  /** A port besides 80/443 the entry admits for this host. */
  extraPort: number | null;
}

/** The admission a URL's host and port get from the allow-list (entries as parseAllowedHosts gives them). */
export function createHostAdmission(entries: readonly string[]): (url: URL) => HostAdmission {
  const parsed = entries.map(parseEntry);
  return (url) => {
    const port = url.port === "" ? null : Number(url.port);
    const named = parsed.filter((entry) => entry.hostname === url.hostname);
    if (named.length === 0) return { bypassesAddressPolicy: false, extraPort: null };
    const withPort = named.find((entry) => entry.port !== null && entry.port === port);
    return { bypassesAddressPolicy: true, extraPort: withPort?.port ?? null };
  };
}
