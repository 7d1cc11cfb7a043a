import { describe, expect, it } from "vitest";
import { webapiPath } from "../../../src/schema/contract";
import { DEVICE_CLIENT_ENDPOINTS, DEVICE_LIFECYCLE, DEVICE_STATES, DEVICE_TRANSITIONS, DeviceStateError, deviceBindUri, parseDeviceBindUri, deviceSigningText, type DeviceState } from "../../../src/schema/device";

/** Every legal move, written out again by hand: the table in src/schema/device.ts must say exactly this. */
const LEGAL: Record<string, DeviceState> = { "active unbind": "unbound" };

describe("the device lifecycle", () => {
  const cases = DEVICE_STATES.flatMap((state) => (Object.keys(DEVICE_TRANSITIONS) as (keyof typeof DEVICE_TRANSITIONS)[]).map((action) => [state, action] as const));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(DEVICE_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => DEVICE_LIFECYCLE.next(state, action)).toThrow(DeviceStateError);
  });

  it("refuses in Chinese, naming the state", () => {
    expect(() => DEVICE_LIFECYCLE.next("unbound", "unbind")).toThrow("当前设备状态（已解绑）不能进行此操作");
  });
});

describe("what a device reads and signs", () => {
  it.each([
    ["http://127.0.0.1:8080", "AB23CD"],
    ["https://取证.example.cn/", "ZZZZZZ"],
  ])("a bind URI for %s round-trips", (server, code) => {
    expect(parseDeviceBindUri(deviceBindUri(server, code))).toEqual({ server, code });
  });

  it.each(["https://x/bind?server=a&code=b", "hzdevice://other?server=a&code=b", "hzdevice://bind?code=b", "not a uri"])("%s is not a bind URI", (text) => {
    expect(parseDeviceBindUri(text)).toBeNull();
  });

  it("signs the method, the path and every parameter but the signatures, in the §4 order", () => {
    const path = webapiPath(DEVICE_CLIENT_ENDPOINTS.uploadChunk);
    const text = deviceSigningText("POST", path, { sha256: "ab", deviceId: "7", timestamp: "1700000000000", deviceSignature: "zz", signature: "yy", index: 0 });
    expect(text).toBe(`hengzheng-device-v1\nPOST ${path}\ndeviceId7index0sha256abtimestamp1700000000000`);
  });
});
