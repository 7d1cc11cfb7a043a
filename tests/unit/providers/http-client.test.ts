import CryptoJS from "crypto-js";
import { describe, expect, it, vi } from "vitest";
import { callEndpoint, createHttpClient, serializeQuery, type BrowserLocation } from "../../../src/providers/http-client";
import { createMemoryStorage, createSessionStore, type UserSession } from "../../../src/providers/session-store";
import { COMMON_ENDPOINTS } from "../../../src/schema/common";
import { ACCOUNT_ENDPOINTS } from "../../../src/schema/account";
import { webapiPath } from "../../../src/schema/contract";
import { registryPath } from "../../../src/resources/registry-paths";
import { ResultMessage } from "../../../src/schema/envelope";
import { NOTARY_ENDPOINTS } from "../../../src/schema/notary";
import { OPERATOR_AUTH_ENDPOINTS } from "../../../src/schema/console/operator-auth";
import { canonicalParamString } from "../../../src/schema/signature";
import { createFakeAdapter, type FakeReply, type RecordedRequest } from "./fake-axios-adapter";

const T0 = 1_700_000_000_000;
const USER: UserSession = { token: "tk-123", timestamp: T0 - 60_000, id: 7, loginAccount: "13800000000" };

function setup({ user = null as UserSession | null, replies = [] as FakeReply[], location = { pathname: registryPath("personal/operationPanel"), search: "" } as BrowserLocation, onForbidden = vi.fn<(message: string) => void>() } = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  if (user) sessionStore.setUser(user);
  const fake = createFakeAdapter(replies);
  const navigate = vi.fn<(to: string) => void>();
  let clock = T0;
  const http = createHttpClient({
    baseURL: "/webapi",
    sessionStore,
    getLocation: () => location,
    navigate,
    now: () => clock,
    adapter: fake.adapter,
    onForbidden,
  });
  return { http, sessionStore, navigate, onForbidden, requests: fake.requests, advance: (ms: number) => (clock += ms) };
}

/** The signature the server computes from what it received: query strings plus the JSON body. */
function serverSideSignature(request: RecordedRequest): string {
  const params: Record<string, unknown> = { ...request.query, ...request.body };
  return CryptoJS.SHA256(canonicalParamString(params)).toString(CryptoJS.enc.Hex);
}

const ok = (datas: unknown = null, extraData?: unknown): FakeReply => ({ kind: "ok", data: { code: 200, message: "成功", datas, extraData } });
const business = (code: number, message = "业务失败"): FakeReply => ({ kind: "ok", data: { code, message, datas: null } });

describe("http client: URL, timestamp and signature", () => {
  it("GET without a session: exact URL, timestamp and signature in the query", async () => {
    const { http, requests } = setup({ replies: [ok({ serverTime: T0 })] });
    const envelope = await http.get(COMMON_ENDPOINTS.getTime.path);
    expect(envelope).toEqual({ code: 200, message: "成功", datas: { serverTime: T0 } });
    const [request] = requests;
    const expectedSignature = CryptoJS.SHA256(`timestamp${T0}`).toString(CryptoJS.enc.Hex);
    expect(request.method).toBe("GET");
    expect(request.url).toBe(`${webapiPath(COMMON_ENDPOINTS.getTime)}?timestamp=${T0}&signature=${expectedSignature}`);
    expect(request.body).toBeUndefined();
  });

  it("GET with a session: token in the query, covered by the signature", async () => {
    const { http, requests } = setup({ user: USER });
    await http.get(COMMON_ENDPOINTS.getCmsArticle.path, { pageNewSize: 6, pageNumber: 1, pageSize: 10 });
    const [request] = requests;
    expect(request.path).toBe(webapiPath(COMMON_ENDPOINTS.getCmsArticle));
    expect(request.query).toEqual({
      pageNewSize: "6",
      pageNumber: "1",
      pageSize: "10",
      token: "tk-123",
      timestamp: String(T0),
      signature: serverSideSignature(request),
    });
  });

  it("POST with a session: token in the JSON body, only timestamp and signature in the query", async () => {
    const { http, requests } = setup({ user: USER });
    await http.post(ACCOUNT_ENDPOINTS.logout.path, { id: 7 });
    const [request] = requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(webapiPath(ACCOUNT_ENDPOINTS.logout));
    expect(request.body).toEqual({ id: 7, token: "tk-123" });
    expect(Object.keys(request.query).sort()).toEqual(["signature", "timestamp"]);
    expect(request.query.signature).toBe(serverSideSignature(request));
    expect(request.query.signature).toBe(CryptoJS.SHA256(`id7timestamp${T0}tokentk-123`).toString(CryptoJS.enc.Hex));
  });

  it.each([
    ["GET", "get"],
    ["POST", "post"],
  ] as const)("%s flagged tokenless carries no token", async (_label, method) => {
    const { http, requests } = setup({ user: USER });
    await http[method](COMMON_ENDPOINTS.getBanner.path, { time: 5 }, { tokenless: true });
    const [request] = requests;
    expect(request.query.token).toBeUndefined();
    expect(request.body?.token).toBeUndefined();
    expect(request.query.signature).toBe(serverSideSignature(request));
  });

  it("a caller-supplied token (u/t entry) wins over the stored one", async () => {
    const { http, requests } = setup({ user: USER });
    await http.get(ACCOUNT_ENDPOINTS.getUserInfo.path, { userId: "42", token: "from-link" });
    expect(requests[0].query.token).toBe("from-link");
  });

  it("serialises array and object params as JSON so the server sees exactly the signed text", async () => {
    const { http, requests } = setup();
    await http.get("/x/v2/list", { ids: [1, 2], range: { start: "2024-01-01", stop: "2024-01-31" }, keyName: "a b&c", empty: null, missing: undefined });
    const [request] = requests;
    expect(request.url).toContain("ids=%5B1%2C2%5D");
    expect(request.url).toContain("keyName=a%20b%26c");
    expect(request.query.ids).toBe("[1,2]");
    expect(request.query.range).toBe('{"start":"2024-01-01","stop":"2024-01-31"}');
    expect(request.query).not.toHaveProperty("empty");
    expect(request.query).not.toHaveProperty("missing");
    expect(request.query.signature).toBe(serverSideSignature(request));
  });

  it("serializeQuery leaves out null and undefined and encodes spaces as %20", () => {
    expect(serializeQuery({ a: "x y", b: null, c: undefined, d: [1], e: true })).toBe("a=x%20y&d=%5B1%5D&e=true");
  });
});

describe("http client: failures always resolve to an envelope", () => {
  it("network failure → code 500 with the network message", async () => {
    const { http } = setup({ replies: [{ kind: "networkError" }] });
    await expect(http.get(COMMON_ENDPOINTS.getTime.path)).resolves.toEqual({ code: 500, message: ResultMessage[500], datas: null });
  });

  it("HTTP 504 → code 504 with the timeout message", async () => {
    const { http } = setup({ replies: [{ kind: "httpError", status: 504, data: "<html>Gateway Timeout</html>" }] });
    await expect(http.get(COMMON_ENDPOINTS.getTime.path)).resolves.toEqual({ code: 504, message: ResultMessage[504], datas: null });
  });

  it("another HTTP error with an envelope body → that envelope", async () => {
    const body = { code: 4002, message: "请求签名校验失败", datas: null };
    const { http } = setup({ replies: [{ kind: "httpError", status: 401, data: body }] });
    await expect(http.get(COMMON_ENDPOINTS.getTime.path)).resolves.toEqual(body);
  });

  it("keeps extraData.errors of a refused request", async () => {
    const body = { code: 1001, message: "提交的信息有误", datas: null, extraData: { errors: { id: "必填" } } };
    const { http } = setup({ replies: [{ kind: "httpError", status: 400, data: body }] });
    await expect(http.post("/x/v2/save", {})).resolves.toEqual(body);
  });

  it.each([
    [502, 500],
    [429, 429],
  ])("HTTP %i without an envelope → code %i", async (status, code) => {
    const { http } = setup({ replies: [{ kind: "httpError", status, data: "" }] });
    const envelope = await http.get(COMMON_ENDPOINTS.getTime.path);
    expect(envelope.code).toBe(code);
    expect(envelope.message).toBe(ResultMessage[code as 500 | 429]);
  });

  it("a 200 whose body is not an envelope → code 500", async () => {
    const { http } = setup({ replies: [{ kind: "ok", data: "<!doctype html>" }] });
    expect((await http.get(COMMON_ENDPOINTS.getTime.path)).code).toBe(500);
  });

  it("a business code resolves (never throws) and leaves the session alone", async () => {
    const { http, sessionStore } = setup({ user: USER, replies: [business(1001, "提交的信息有误")] });
    await expect(http.post("/x/v2/save", { a: 1 })).resolves.toEqual({ code: 1001, message: "提交的信息有误", datas: null });
    expect(sessionStore.getUser()).toEqual(USER);
  });

  it("a cancelled request rejects so react-query can tell it apart", async () => {
    const { http } = setup({ replies: [{ kind: "cancelled" }] });
    await expect(http.get(COMMON_ENDPOINTS.getTime.path)).rejects.toThrow("canceled");
  });
});

describe("http client: session timestamp", () => {
  it("code 200 on a call carrying the token refreshes the session timestamp", async () => {
    const { http, sessionStore, advance } = setup({ user: USER });
    advance(5_000);
    await http.get(COMMON_ENDPOINTS.getTime.path);
    expect(sessionStore.getUser()?.timestamp).toBe(T0 + 5_000);
  });

  it("a tokenless call does not refresh it: the server did not see the session either", async () => {
    const { http, sessionStore } = setup({ user: USER });
    await http.get(COMMON_ENDPOINTS.getBanner.path, {}, { tokenless: true });
    expect(sessionStore.getUser()?.timestamp).toBe(USER.timestamp);
  });

  it("a failed call does not refresh it", async () => {
    const { http, sessionStore } = setup({ user: USER, replies: [business(1001)] });
    await http.get("/x");
    expect(sessionStore.getUser()?.timestamp).toBe(USER.timestamp);
  });
});

describe("http client: session-invalid codes (spec §4)", () => {
  it("a refused caller-supplied token (u/t entry) leaves the stored session alone", async () => {
    const { http, sessionStore, navigate } = setup({ user: USER, replies: [business(102)] });
    await http.get(ACCOUNT_ENDPOINTS.getUserInfo.path, { userId: "42", token: "bad-link-token" });
    expect(sessionStore.getUser()).toEqual(USER);
    expect(navigate).not.toHaveBeenCalled();
  });

  const cases = [102, 103, 3013].flatMap((code) => [
    { code, pathname: "/index", search: "", navigatesHome: false },
    { code, pathname: "/helpcenter", search: "?code=HLQUESTION", navigatesHome: false },
    { code, pathname: "/user/register", search: "", navigatesHome: false },
    { code, pathname: "/info/about", search: "", navigatesHome: false },
    { code, pathname: registryPath("personal/operationPanel"), search: "?tab=1", navigatesHome: true },
    { code, pathname: "/info/notaryRequests/requestList", search: "", navigatesHome: true },
  ]);

  it.each(cases)("code $code on $pathname: user cleared, sent home: $navigatesHome", async ({ code, pathname, search, navigatesHome }) => {
    const { http, sessionStore, navigate } = setup({ user: USER, replies: [business(code)], location: { pathname, search } });
    const envelope = await http.get("/x/v2/any");
    expect(envelope.code).toBe(code);
    expect(sessionStore.getUser()).toBeNull();
    if (navigatesHome) {
      expect(navigate).toHaveBeenCalledWith("/index");
      expect(sessionStore.getRememberedPath()).toBe(pathname + search);
    } else {
      expect(navigate).not.toHaveBeenCalled();
      expect(sessionStore.getRememberedPath()).toBeNull();
    }
  });
});

describe("http client: notary calls ({ session: \"notary\" })", () => {
  const NOTARY = { token: "notary-tk", timestamp: T0 - 60_000, id: 3, name: "李四", officeName: "衡州市公证处" };

  function setupWithNotary(options: { replies?: FakeReply[]; location?: BrowserLocation } = {}) {
    const context = setup({ user: USER, ...options });
    context.sessionStore.setNotary(NOTARY);
    return context;
  }

  it("GET carries the notary token, not the user's, covered by the signature", async () => {
    const { http, requests } = setupWithNotary();
    await http.get(NOTARY_ENDPOINTS.getNotaryInfo.path, {}, { session: "notary" });
    const [request] = requests;
    expect(request.query.token).toBe("notary-tk");
    expect(request.query.signature).toBe(serverSideSignature(request));
  });

  it("POST carries the notary token in the body", async () => {
    const { http, requests } = setupWithNotary();
    await http.post(NOTARY_ENDPOINTS.logout.path, {}, { session: "notary" });
    expect(requests[0].body).toEqual({ token: "notary-tk" });
  });

  it("without a stored notary session no token is sent, even when a user is signed in", async () => {
    const { http, requests, sessionStore } = setup({ user: USER });
    await http.get(NOTARY_ENDPOINTS.getNotaryInfo.path, {}, { session: "notary" });
    expect(requests[0].query.token).toBeUndefined();
    expect(sessionStore.getUser()).toEqual(USER);
  });

  it("success refreshes neither session: the notary's 8 hours count from its login (spec §4)", async () => {
    const { http, sessionStore, advance } = setupWithNotary();
    advance(5_000);
    await http.get(NOTARY_ENDPOINTS.getNotaryInfo.path, {}, { session: "notary" });
    expect(sessionStore.getNotary()?.timestamp).toBe(NOTARY.timestamp);
    expect(sessionStore.getUser()?.timestamp).toBe(USER.timestamp);
  });

  it.each([102, 103, 3013])("code %s clears only the notary session and goes to the notary login", async (code) => {
    const { http, sessionStore, navigate } = setupWithNotary({
      replies: [business(code)],
      location: { pathname: "/info/notaryRequests/requestList", search: "" },
    });
    await http.get(NOTARY_ENDPOINTS.getNotaryInfo.path, {}, { session: "notary" });
    expect(sessionStore.getNotary()).toBeNull();
    expect(sessionStore.getUser()).toEqual(USER);
    expect(navigate).toHaveBeenCalledWith("/info/notaryOfficeLogin");
    expect(sessionStore.getRememberedPath()).toBeNull();
  });

  it("on the notary login page itself the session is cleared without navigating", async () => {
    const { http, sessionStore, navigate } = setupWithNotary({ replies: [business(103)], location: { pathname: "/info/notaryOfficeLogin", search: "" } });
    await http.post(NOTARY_ENDPOINTS.logout.path, {}, { session: "notary" });
    expect(sessionStore.getNotary()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a user call answered 103 leaves the notary session alone", async () => {
    const { http, sessionStore, navigate } = setupWithNotary({ replies: [business(103)] });
    await http.get(COMMON_ENDPOINTS.getTime.path);
    expect(sessionStore.getNotary()).toMatchObject({ token: "notary-tk" });
    expect(sessionStore.getUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/index");
  });
});

describe("http client: console calls ({ session: \"operator\" | \"operatorPending\" })", () => {
  const OPERATOR = {
    token: "operator-tk",
    timestamp: T0 - 60_000,
    loginTime: T0 - 120_000,
    operator: { id: 5, account: "wang.wu", name: "王五", roles: ["administrator"], permissions: ["operators.manage"] },
  };
  const CONSOLE_PAGE = { pathname: "/console/platform/exampleOperators", search: "?page=2" };

  function setupWithOperator(options: { replies?: FakeReply[]; location?: BrowserLocation } = {}) {
    const context = setup({ user: USER, location: CONSOLE_PAGE, ...options });
    context.sessionStore.setOperator(OPERATOR);
    context.sessionStore.setOperatorPending("pending-tk");
    return context;
  }

  it("an operator call carries the operator token, never the user's; success refreshes the operator's activity only", async () => {
    const { http, requests, sessionStore } = setupWithOperator();
    await callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.me, {});
    expect(requests[0].query.token).toBe("operator-tk");
    expect(requests[0].query.signature).toBe(serverSideSignature(requests[0]));
    expect(sessionStore.getOperator()?.timestamp).toBe(T0);
    expect(sessionStore.getOperator()?.loginTime).toBe(OPERATOR.loginTime);
    expect(sessionStore.getUser()?.timestamp).toBe(USER.timestamp);
  });

  it("a second-factor call carries the pending token", async () => {
    const { http, requests } = setupWithOperator();
    await callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.verifySecondFactor, { code: "123456" });
    expect(requests[0].body).toEqual({ code: "123456", token: "pending-tk" });
  });

  it("the password step carries no token at all", async () => {
    const { http, requests } = setupWithOperator();
    await callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.login, { encryptAccount: "a", encryptPassword: "b", vcode: "ab12" });
    expect(requests[0].body).toEqual({ encryptAccount: "a", encryptPassword: "b", vcode: "ab12" });
  });

  it.each([102, 103, 3013])("code %s ends only the operator session and goes to the console's login, keeping the page", async (code) => {
    const { http, sessionStore, navigate } = setupWithOperator({ replies: [business(code)] });
    await callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.me, {});
    expect(sessionStore.getOperator()).toBeNull();
    expect(sessionStore.getUser()).toEqual(USER);
    expect(navigate).toHaveBeenCalledWith(`/console/login?redirect=${encodeURIComponent("/console/platform/exampleOperators?page=2")}`);
    expect(sessionStore.getRememberedPath()).toBeNull();
  });

  it("a pending token the server no longer knows is dropped without navigating: the login page starts again", async () => {
    const { http, sessionStore, navigate } = setupWithOperator({ replies: [business(103)], location: { pathname: "/console/login", search: "" } });
    await callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.confirmTotp, { code: "123456" });
    expect(sessionStore.getOperatorPending()).toBeNull();
    expect(sessionStore.getOperator()).toMatchObject({ token: "operator-tk" });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("3100 shows the refusal's message and keeps the session", async () => {
    const { http, sessionStore, onForbidden } = setupWithOperator({ replies: [business(3100, "您的角色无权进行此操作，如需开通请联系管理员")] });
    await callEndpoint(http, OPERATOR_AUTH_ENDPOINTS.me, {});
    expect(onForbidden).toHaveBeenCalledWith("您的角色无权进行此操作，如需开通请联系管理员");
    expect(sessionStore.getOperator()).toMatchObject({ token: "operator-tk" });
  });

  it("a customer call answered 103 leaves the operator session alone", async () => {
    const { http, sessionStore } = setupWithOperator({ replies: [business(103)], location: { pathname: registryPath("personal/operationPanel"), search: "" } });
    await http.get(COMMON_ENDPOINTS.getTime.path);
    expect(sessionStore.getOperator()).toMatchObject({ token: "operator-tk" });
    expect(sessionStore.getUser()).toBeNull();
  });
});
