import { describe, expect, it } from "vitest";
import {
  CLOUD_SESSION_LIFECYCLE,
  CLOUD_SESSION_STATES,
  CLOUD_SESSION_TRANSITIONS,
  CloudBrowserClientMessageSchema,
  CloudBrowserStartSchema,
  cloudBrowserPageHref,
  readCloudBrowserPageQuery,
} from "../../../src/schema/cloud-browser";
import { CAPTURE_MESSAGES } from "../../../src/schema/capture";

/** Every legal move of a cloud-browser session, written out by hand. */
const LEGAL: Record<string, string> = {
  "opening open": "live",
  "opening fail": "failed",
  "live stop": "stopping",
  "stopping finish": "ended",
  "stopping fail": "failed",
};

describe("the cloud-browser session lifecycle", () => {
  const actions = Object.keys(CLOUD_SESSION_TRANSITIONS) as (keyof typeof CLOUD_SESSION_TRANSITIONS)[];
  const cases = CLOUD_SESSION_STATES.flatMap((state) => actions.map((action) => [state, action] as const));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(CLOUD_SESSION_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => CLOUD_SESSION_LIFECYCLE.next(state, action)).toThrow(CLOUD_SESSION_LIFECYCLE.Error);
  });

  it("ends in ended or failed", () => {
    expect(CLOUD_SESSION_STATES.filter((state) => CLOUD_SESSION_LIFECYCLE.isFinal(state))).toEqual(["ended", "failed"]);
  });
});

describe("the start form", () => {
  it.each([
    ["", CAPTURE_MESSAGES.urlsRequired],
    ["ftp://example.com/", CAPTURE_MESSAGES.urlInvalid],
    ["https://user:pw@example.com/", CAPTURE_MESSAGES.urlCredentials],
  ])("refuses the start URL %j in Chinese", (url, message) => {
    const checked = CloudBrowserStartSchema.safeParse({ name: "过程取证", url });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0].message).toBe(message);
  });

  it("takes a URL in its WHATWG spelling and defaults to the desktop viewport", () => {
    expect(CloudBrowserStartSchema.parse({ name: "过程取证", url: " HTTPS://Example.COM " })).toMatchObject({ url: "https://example.com/", viewport: "desktop" });
  });
});

describe("the socket's page messages", () => {
  it("take mouse input with defaults and refuse what is not input", () => {
    expect(CloudBrowserClientMessageSchema.parse({ type: "mouse", action: "move", x: 1, y: 2 })).toMatchObject({ button: "none", clickCount: 0, modifiers: {} });
    expect(CloudBrowserClientMessageSchema.safeParse({ type: "mouse", action: "drag", x: 1, y: 2 }).success).toBe(false);
    expect(CloudBrowserClientMessageSchema.safeParse({ type: "key", action: "char", text: "x".repeat(2001) }).success).toBe(false);
    expect(CloudBrowserClientMessageSchema.safeParse({ type: "eval", script: "alert(1)" }).success).toBe(false);
  });
});

describe("the recorder page's address", () => {
  it("round-trips the session, the viewport and a certificate path of this site", () => {
    const certificate = "/some/certificate/page?id=7";
    const href = cloudBrowserPageHref(7, "mobile", certificate);
    expect(readCloudBrowserPageQuery(href.slice(href.indexOf("?")))).toEqual({ sessionId: 7, viewport: "mobile", certificateHref: certificate });
  });

  it.each(["https://evil.example/", "//evil.example/x", "javascript:alert(1)"])("drops the certificate link %s", (link) => {
    expect(readCloudBrowserPageQuery(`?session=3&certificate=${encodeURIComponent(link)}`)).toEqual({ sessionId: 3, viewport: "desktop", certificateHref: null });
  });
});
