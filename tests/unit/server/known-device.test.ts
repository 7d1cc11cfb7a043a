import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEVICE_LIFETIME_MS, KnownDevices } from "../../../server/modules/account/known-device.js";

const start = Date.UTC(2026, 10, 22);
function devicesAt(time: { now: number }, key = randomBytes(32)) {
  return new KnownDevices(key, () => time.now);
}

describe("known-device cookies", () => {
  it("recognises the browser for the account it logged in to, with the same device id after each login", () => {
    const time = { now: start };
    const devices = devicesAt(time);
    const cookie = devices.remember(undefined, "user:1");
    const device = devices.recognise(cookie, "user:1");
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    time.now += 1000;
    expect(devices.recognise(devices.remember(cookie, "user:1"), "user:1")).toBe(device);
  });

  it.each<[string, (cookie: string) => string, string]>([
    ["another account", (cookie) => cookie, "user:2"],
    ["another account's kind", (cookie) => cookie, "notary:1"],
    ["an altered MAC", (cookie) => cookie.replace(/.$/, (last) => (last === "A" ? "B" : "A")), "user:1"],
    ["an altered device id", (cookie) => cookie.replace(/\.(.)/, (_all, first) => `.${first === "A" ? "B" : "A"}`), "user:1"],
    ["a moved-up time", (cookie) => cookie.replace(/^[0-9a-z]+/, (time) => (parseInt(time, 36) + 1).toString(36)), "user:1"],
    ["garbage", () => "x.y.z~<script>", "user:1"],
    ["an over-long cookie", (cookie) => `${cookie}~${"a".repeat(2000)}`, "user:1"],
  ])("does not recognise %s", (_case, change, subject) => {
    const devices = devicesAt({ now: start });
    expect(devices.recognise(change(devices.remember(undefined, "user:1")), subject)).toBeNull();
  });

  it("does not recognise an entry made with another installation's key", () => {
    const cookie = devicesAt({ now: start }).remember(undefined, "user:1");
    expect(devicesAt({ now: start }).recognise(cookie, "user:1")).toBeNull();
  });

  it("forgets a device after 180 days without a login", () => {
    const time = { now: start };
    const devices = devicesAt(time);
    const cookie = devices.remember(undefined, "user:1");
    time.now += DEVICE_LIFETIME_MS - 1;
    expect(devices.recognise(cookie, "user:1")).not.toBeNull();
    time.now += 2;
    expect(devices.recognise(cookie, "user:1")).toBeNull();
  });

  it("keeps five accounts per browser, the newest login first", () => {
    const devices = devicesAt({ now: start });
    let cookie: string | undefined;
    for (let id = 1; id <= 6; id += 1) cookie = devices.remember(cookie, `user:${id}`);
    expect(cookie!.split("~")).toHaveLength(5);
    expect(devices.recognise(cookie, "user:1")).toBeNull();
    for (let id = 2; id <= 6; id += 1) expect(devices.recognise(cookie, `user:${id}`)).not.toBeNull();
  });
});
