import { isIP } from "node:net";
import type { BlockedRequestReason } from "../../../src/schema/capture.js";
import type { HostAdmission } from "./allowed-hosts.js";

/**
 * What a capture may reach: http(s) URLs on ports 80/443 whose every address is public unicast.
 * The capture server runs inside someone's network, so a page (or a URL a holder types) must not
 * make it fetch from loopback, the LAN, link-local cloud metadata or any reserved range; IPv4
 * carried inside IPv6 is judged by the IPv4 it carries. Pure functions: nothing here resolves or
 * connects; the fetcher calls them before it does either.
 */

export type PolicyVerdict = { ok: true } | { ok: false; reason: BlockedRequestReason; detail: string };

const DEFAULT_PORTS: Readonly<Record<string, number>> = { "http:": 80, "https:": 443 };
const OPEN_PORTS = new Set([80, 443]);
const V4_MAPPED_PREFIX = 0xffffn << 32n;

interface Range {
  base: bigint;
  bits: number;
  /** What the range is, in Chinese, for the refusal's detail. */
  label: string;
}

function range(cidr: string, label: string): Range {
  const [address, bits] = cidr.split("/") as [string, string];
  return { base: toBigInt(address), bits: Number(bits), label };
}

// Order matters where ranges nest: the narrower, more telling label comes first.
const REFUSED_V4: Range[] = [
  range("169.254.169.254/32", "云服务元数据地址"),
  range("255.255.255.255/32", "广播地址"),
  range("0.0.0.0/8", "未指定地址（本网络）"),
  range("10.0.0.0/8", "私有网络地址"),
  range("100.64.0.0/10", "运营商级 NAT 共享地址"),
  range("127.0.0.0/8", "本机回环地址"),
  range("169.254.0.0/16", "链路本地地址"),
  range("172.16.0.0/12", "私有网络地址"),
  range("192.0.0.0/24", "IETF 协议保留地址"),
  range("192.0.2.0/24", "文档示例地址"),
  range("192.88.99.0/24", "6to4 中继保留地址"),
  range("192.168.0.0/16", "私有网络地址"),
  range("198.18.0.0/15", "网络测试保留地址"),
  range("198.51.100.0/24", "文档示例地址"),
  range("203.0.113.0/24", "文档示例地址"),
  range("224.0.0.0/4", "组播地址"),
  range("240.0.0.0/4", "保留地址"),
].map((entry) => ({ ...entry, bits: entry.bits + 96 })); // toBigInt gives IPv4 in its ::ffff:0:0/96 form

const REFUSED_V6: Range[] = [
  range("::/128", "未指定地址"),
  range("::1/128", "本机回环地址"),
  range("fd00:ec2::254/128", "云服务元数据地址"),
  range("64:ff9b:1::/48", "本地 NAT64 地址"),
  range("100::/64", "丢弃专用地址"),
  range("2001:2::/48", "网络测试保留地址"),
  range("2001:10::/28", "ORCHID 保留地址"),
  range("2001:20::/28", "ORCHID 保留地址"),
  range("2001:db8::/32", "文档示例地址"),
  range("3fff::/20", "文档示例地址"),
  range("fc00::/7", "唯一本地地址（私有网络）"),
  range("fe80::/10", "链路本地地址"),
  range("fec0::/10", "站点本地地址"),
  range("ff00::/8", "组播地址"),
];

/**
 * IPv6 ranges that carry an IPv4 address, and where it sits. A refused IPv4 inside refuses the
 * address; `routable: false` ranges (deprecated IPv4-compatible) are refused whatever they carry.
 */
const EMBEDDING_V6: { range: Range; routable: boolean; extract: (value: bigint) => bigint[] }[] = [
  { range: range("::ffff:0:0/96", "IPv4 映射地址"), routable: true, extract: (value) => [value & 0xffffffffn] },
  { range: range("::/96", "IPv4 兼容地址"), routable: false, extract: (value) => [value & 0xffffffffn] },
  { range: range("64:ff9b::/96", "NAT64 地址"), routable: true, extract: (value) => [value & 0xffffffffn] },
  { range: range("2002::/16", "6to4 地址"), routable: true, extract: (value) => [(value >> 80n) & 0xffffffffn] },
  // Teredo: the server's IPv4 in bits 32..63, the client's (inverted) in the last 32.
  { range: range("2001::/32", "Teredo 地址"), routable: true, extract: (value) => [(value >> 64n) & 0xffffffffn, ~value & 0xffffffffn] },
];
/** Public IPv6 unicast is 2000::/3; everything else is unassigned or special. */
const GLOBAL_UNICAST_V6 = range("2000::/3", "");

/** The address as a 128-bit number; IPv4 as its IPv4-mapped IPv6 form. */
function toBigInt(address: string): bigint {
  if (isIP(address) === 4) {
    const value = address.split(".").reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
    return V4_MAPPED_PREFIX | value;
  }
  const [head, tail] = address.includes("::") ? (address.split("::") as [string, string]) : [address, undefined];
  const toGroups = (text: string) => {
    if (text === "") return [];
    const parts = text.split(":");
    const last = parts.at(-1)!;
    if (last.includes(".")) {
      const v4 = toBigInt(last) & 0xffffffffn;
      parts.splice(-1, 1, (v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16));
    }
    return parts.map((part) => BigInt(`0x${part}`));
  };
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill(0n), ...tailGroups];
  return groups.reduce((sum: bigint, group: bigint) => (sum << 16n) | group, 0n);
}

function contains(entry: Range, value: bigint): boolean {
  const shift = BigInt(128 - entry.bits);
  return value >> shift === entry.base >> shift;
}

function v4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join(".");
}

function refusedV4(value: bigint): string | null {
  return REFUSED_V4.find((entry) => contains(entry, V4_MAPPED_PREFIX | value))?.label ?? null;
}

/** Why `address` (an IP literal, v4 or v6, brackets and zone allowed) must not be reached, or null. */
export function refusedAddressLabel(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return "无法识别的地址";
  const value = toBigInt(bare);
  if (family === 4) return refusedV4(value & 0xffffffffn);
  const special = REFUSED_V6.find((entry) => contains(entry, value));
  if (special) return special.label;
  for (const { range: carrier, routable, extract } of EMBEDDING_V6) {
    if (!contains(carrier, value)) continue;
    for (const embedded of extract(value)) {
      const label = refusedV4(embedded);
      if (label) return `${carrier.label}，内含 ${v4Text(embedded)}（${label}）`;
    }
    return routable ? null : carrier.label;
  }
  return contains(GLOBAL_UNICAST_V6, value) ? null : "保留的 IPv6 地址";
}

export function checkAddress(address: string): PolicyVerdict {
  const label = refusedAddressLabel(address);
  return label === null ? { ok: true } : { ok: false, reason: "addressRefused", detail: `${address} 属于${label}，不允许访问` };
}

/** A URL the policy has parsed: where the fetcher will go, before any address is known. */
export interface RequestTarget {
  url: URL;
  /** The host as it goes to DNS or to the socket: brackets removed from IPv6 literals. */
  host: string;
  port: number;
  isAddressLiteral: boolean;
}

/** The URL as it may be recorded: without credentials (a page may embed them in a link). */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return raw.slice(0, 2000);
  }
}

/** Names that mean this machine whatever DNS says (RFC 6761): refused before any lookup. */
function isLocalhostName(host: string): boolean {
  const name = host.replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * The URL's own checks: scheme, the host when it is an address literal or a localhost name, and
 * the port (80/443, or the one the allow-list names for this host). A host that needs DNS is
 * checked again on every answer by `checkResolvedAddresses`.
 */
export function checkUrl(
  raw: string,
  admission: HostAdmission = { bypassesAddressPolicy: false, extraPort: null },
): { ok: true; target: RequestTarget } | (PolicyVerdict & { ok: false }) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "schemeRefused", detail: "网址格式不正确" };
  }
  // Credentials in a URL are never sent (no Authorization is made from them) nor recorded.
  url.username = "";
  url.password = "";
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) return { ok: false, reason: "schemeRefused", detail: `不支持 ${url.protocol.replace(/:$/, "")} 协议，只能访问 http 与 https 网址` };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const isAddressLiteral = isIP(host) !== 0;
  if (!admission.bypassesAddressPolicy) {
    if (isAddressLiteral) {
      const verdict = checkAddress(host);
      if (!verdict.ok) return verdict;
    } else if (isLocalhostName(host)) {
      return { ok: false, reason: "addressRefused", detail: `${host} 指向本机，不允许访问` };
    }
  }
  // The host before the port: "this is your own machine" says more than "port 8080".
  const port = url.port === "" ? defaultPort : Number(url.port);
  if (!OPEN_PORTS.has(port) && port !== admission.extraPort) return { ok: false, reason: "portRefused", detail: `端口 ${port} 不在允许范围（只允许 80 与 443）` };
  return { ok: true, target: { url, host, port, isAddressLiteral } };
}

/** Every address a name resolved to must pass: one refused answer refuses the name (no mixed answers). */
export function checkResolvedAddresses(host: string, addresses: readonly string[]): PolicyVerdict {
  if (addresses.length === 0) return { ok: false, reason: "dnsFailed", detail: `${host} 没有解析到任何地址` };
  for (const address of addresses) {
    const verdict = checkAddress(address);
    if (!verdict.ok) return { ...verdict, detail: `${host} 解析到 ${verdict.detail}` };
  }
  return { ok: true };
}
