import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountCode } from "../../../src/schema/account.js";
import { BIND_CODE_TTL_MS, DEVICE_CLIENT_ENDPOINTS, DEVICE_ENDPOINTS, DEVICE_MESSAGES, DeviceCode } from "../../../src/schema/device.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { SIGNATURE_MAX_SKEW_MS } from "../../../src/schema/signature.js";
import { webapiPath } from "../../../src/schema/contract.js";
import { computeSignature } from "../../../src/schema/signature.js";
import { generateDeviceKey, signDeviceCall } from "../../../server/cli/device-client/device-signer.js";
import { sha256Hex } from "../../../server/plugins/signature.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { bindDevice, deviceCall } from "./device-calls.js";

let t: TestApp;
let nextMobile = 13740000001;
const newCustomer = () => registerUser(t, String(nextMobile++));
const holderCall = async (endpoint: Parameters<TestApp["call"]>[0], user: RegisteredUser, params: Record<string, unknown> = {}) => (await t.call(endpoint, params, { token: user.token })).json();
const newCode = async (user: RegisteredUser) => (await holderCall(DEVICE_ENDPOINTS.createBindCode, user)).datas.code as string;
let nextIp = 1;
const register = (code: string, key = generateDeviceKey(), extra: Record<string, string> = {}) =>
  deviceCall(t, key, DEVICE_CLIENT_ENDPOINTS.register, { code, name: "执法记录仪", model: "DSJ-1", os: "Linux", publicKey: key.publicKey, ...extra }, { ip: `10.8.0.${nextIp++}` });
const devicesOf = async (user: RegisteredUser) => (await holderCall(DEVICE_ENDPOINTS.list, user)).datas.list;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(async () => t?.close());

describe("binding a device with a code", () => {
  it("binds the key to the holder who made the code; only the code's digest and the public key are stored", async () => {
    const user = await newCustomer();
    const { code, expiresAt } = (await holderCall(DEVICE_ENDPOINTS.createBindCode, user)).datas;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(expiresAt).toBe(t.clock.now() + BIND_CODE_TTL_MS);
    const key = generateDeviceKey();
    // A device may type the code in lower case.
    const answer = (await register(code.toLowerCase(), key)).json();
    expect(answer).toMatchObject({ code: 200, datas: { name: "执法记录仪", serverTime: t.clock.now() } });
    const [device] = await devicesOf(user);
    expect(device).toMatchObject({ id: answer.datas.deviceId, name: "执法记录仪", model: "DSJ-1", os: "Linux", publicKey: key.publicKey, state: "active", publicKeySha256: answer.datas.publicKeySha256 });
    expect(await t.app.services.devices.devices.listForHolder(user.id)).toEqual([device]);
    const stored = JSON.stringify(await t.database.handle.db.selectFrom("device_bind_codes").selectAll().execute());
    expect(stored).not.toContain(code);
  });

  it("refuses a wrong, a used and an expired code, and a code a newer one replaced, binding nothing", async () => {
    const user = await newCustomer();
    const used = await newCode(user);
    expect((await register(used)).json().code).toBe(200);
    expect((await register(used)).json()).toMatchObject({ code: DeviceCode.codeUsed, message: DEVICE_MESSAGES.codeUsed });
    expect((await register("ABCDEF")).json()).toMatchObject({ code: DeviceCode.codeWrong, message: DEVICE_MESSAGES.codeWrong });
    expect((await register("ABC")).json().code).toBe(ResultCode.validationFailed);

    const expired = await newCode(user);
    t.clock.advance(BIND_CODE_TTL_MS + 1);
    expect((await register(expired)).json()).toMatchObject({ code: DeviceCode.codeExpired, message: DEVICE_MESSAGES.codeExpired });

    const replaced = await newCode(user);
    await newCode(user);
    expect((await register(replaced)).json().code).toBe(DeviceCode.codeUsed);
    expect(await devicesOf(user)).toHaveLength(1);
  });

  it("refuses a register not signed by the key it names, and a key already bound", async () => {
    const user = await newCustomer();
    const key = generateDeviceKey();
    const other = generateDeviceKey();
    const forged = (await deviceCall(t, other, DEVICE_CLIENT_ENDPOINTS.register, { code: await newCode(user), name: "手机", publicKey: key.publicKey })).json();
    expect(forged).toMatchObject({ code: DeviceCode.signatureInvalid, message: DEVICE_MESSAGES.signatureInvalid });
    expect((await register(await newCode(user), key)).json().code).toBe(200);
    expect((await register(await newCode(user), key)).json()).toMatchObject({ code: DeviceCode.publicKeyTaken });
    expect((await register(await newCode(user), key, { publicKey: "AAAA" })).json().code).toBe(DeviceCode.publicKeyInvalid);
  });
});

describe("the device's signed calls", () => {
  it("refuses a bad signature, another device's key, a replay, a stale timestamp and an unbound device", async () => {
    const user = await newCustomer();
    const mine = await bindDevice(t, user);
    const theirs = await bindDevice(t, await newCustomer());
    // Each call a millisecond later than the last, so only the deliberate replay repeats one.
    const ask = (key = mine.key, deviceId = mine.deviceId, at?: number) => {
      t.clock.advance(1);
      return deviceCall(t, key, DEVICE_CLIENT_ENDPOINTS.assignments, { deviceId }, { at });
    };
    expect((await ask()).json()).toMatchObject({ code: 200, datas: [] });
    expect((await ask(theirs.key)).json().code).toBe(DeviceCode.signatureInvalid);
    expect((await ask(mine.key, 999_999)).json().code).toBe(DeviceCode.deviceUnknown);

    // The same request again, byte for byte.
    const at = t.clock.now() - 1;
    expect((await ask(mine.key, mine.deviceId, at)).json().code).toBe(200);
    expect((await ask(mine.key, mine.deviceId, at)).json().code).toBe(AccountCode.requestReplayed);
    expect((await ask(mine.key, mine.deviceId, t.clock.now() - SIGNATURE_MAX_SKEW_MS - 1)).json().code).toBe(ResultCode.timestampStale);

    // A parameter changed after signing (the §4 signature recomputed, as anyone can).
    const url = webapiPath(DEVICE_CLIENT_ENDPOINTS.assignments);
    const { fields, timestamp } = signDeviceCall(mine.key, "GET", url, { deviceId: mine.deviceId }, t.clock.now());
    const changed = { ...fields, deviceId: String(theirs.deviceId), timestamp };
    const tampered = await t.app.inject({ method: "GET", url, query: { ...changed, signature: computeSignature(changed, sha256Hex) } });
    expect(tampered.json().code).toBe(DeviceCode.signatureInvalid);

    expect((await holderCall(DEVICE_ENDPOINTS.unbind, user, { id: mine.deviceId })).datas).toMatchObject({ state: "unbound", unbindTime: t.clock.now() });
    expect((await ask()).json()).toMatchObject({ code: DeviceCode.deviceUnbound, message: DEVICE_MESSAGES.deviceUnbound });
    expect(await t.app.services.devices.devices.listForHolder(user.id)).toEqual([]);
    expect((await holderCall(DEVICE_ENDPOINTS.unbind, user, { id: mine.deviceId })).code).toBe(ResultCode.validationFailed);
  });

  it("lets only the holder rename or unbind a device", async () => {
    const user = await newCustomer();
    const stranger = await newCustomer();
    const { deviceId } = await bindDevice(t, user);
    expect((await holderCall(DEVICE_ENDPOINTS.rename, user, { id: deviceId, name: "  记录仪一号 " })).datas.name).toBe("记录仪一号");
    expect((await holderCall(DEVICE_ENDPOINTS.rename, user, { id: deviceId, name: "" })).code).toBe(ResultCode.validationFailed);
    expect((await holderCall(DEVICE_ENDPOINTS.rename, stranger, { id: deviceId, name: "我的" })).code).toBe(ResultCode.notFound);
    expect((await holderCall(DEVICE_ENDPOINTS.unbind, stranger, { id: deviceId })).code).toBe(ResultCode.notFound);
    expect(await devicesOf(stranger)).toEqual([]);
    expect((await devicesOf(user))[0]).toMatchObject({ name: "记录仪一号", state: "active" });
  });
});
