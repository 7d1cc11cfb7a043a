import { describe, expect, it } from "vitest";
import {
  DomainSchema,
  ensureUrlScheme,
  UrlSchema,
  UrlWithSchemeSchema,
} from "../../../src/schema/web-address";
import { firstMessage } from "./first-issue";

describe("DomainSchema", () => {
  it.each([
    ["example.com", null],
    ["www.example.com.cn", null],
    ["sub-domain.example.org", null],
    ["xn--fiqs8s.xn--fiqs8s", null],
    ["", "请输入域名"],
    ["example", "请输入正确的域名"],
    ["-example.com", "请输入正确的域名"],
    ["example-.com", "请输入正确的域名"],
    ["exa mple.com", "请输入正确的域名"],
    ["http://example.com", "请输入正确的域名"],
    ["example.c", "请输入正确的域名"],
    ["1.2.3.4", "请输入正确的域名"],
    [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(60)}.com`, "请输入正确的域名"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(DomainSchema, value)).toBe(message);
  });
});

describe("UrlSchema", () => {
  it.each([
    ["example.com", null],
    ["www.example.com/path?q=1#top", null],
    ["http://example.com", null],
    ["HTTPS://Example.COM:8443/a/b", null],
    ["192.168.1.10:8080/index.html", null],
    ["", "请输入网址"],
    ["ftp://example.com", "请输入正确的网址"],
    ["example", "请输入正确的网址"],
    ["http://", "请输入正确的网址"],
    ["http://example.com/a b", "请输入正确的网址"],
    ["256.1.1.1", "请输入正确的网址"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(UrlSchema, value)).toBe(message);
  });
});

describe("UrlWithSchemeSchema", () => {
  it.each([
    ["https://www.example.com", null],
    ["http://10.0.0.1/", null],
    ["", "请输入网址"],
    ["www.example.com", "请输入以http://或https://开头的正确网址"],
    ["https//www.example.com", "请输入以http://或https://开头的正确网址"],
  ])("%j → %s", (value, message) => {
    expect(firstMessage(UrlWithSchemeSchema, value)).toBe(message);
  });
});

describe("ensureUrlScheme", () => {
  it.each([
    ["www.example.com", undefined, "http://www.example.com"],
    [" www.example.com ", "https", "https://www.example.com"],
    ["HTTPS://example.com", undefined, "HTTPS://example.com"],
  ] as const)("%j (%s) → %s", (value, scheme, expected) => {
    expect(ensureUrlScheme(value, scheme)).toBe(expected);
  });
});
