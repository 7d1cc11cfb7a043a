import axios, { type AxiosAdapter, type AxiosRequestConfig } from "axios";
import { APP_PATHS, consoleLoginPath, isConsolePath, isPublicPath } from "../app/path-rules";
import { ConsoleCode } from "../schema/console/operator-auth";
import { ResultCode, ResultMessage, SESSION_INVALID_CODES, type Envelope, type ResultCodeValue } from "../schema/envelope";
import type { Endpoint, EndpointDatas, EndpointExtra, EndpointInput } from "../schema/contract";
import { WEBAPI_PREFIX } from "../schema/contract";
import type { SessionKind } from "../schema/session";
import { computeSignature, stringifyParamValue } from "../schema/signature";
import { sha256Hex } from "./browser-digest";
import type { SessionStore } from "./session-store";
import { createSseParser } from "./sse-parser";

/**
 * The one HTTP client of the browser (DESIGN.md §4, spec §7-§8). It signs every request, places the
 * token, and always resolves to an envelope: business codes, HTTP errors and network failures all
 * come back as `{code, message, datas}`, so callers branch on `code` and never on exceptions.
 * Only a cancelled request rejects, so react-query can tell "cancelled" from "failed".
 */

/** Base path of every API call (DESIGN.md §4). */
export const WEBAPI_BASE_URL = WEBAPI_PREFIX;

export type RequestParams = Record<string, unknown>;

export interface RequestOptions {
  /** The call never carries the session token (spec §7). */
  tokenless?: boolean;
  /**
   * Which stored session the call speaks for: the user's (default), the notary office staff's, the
   * console operator's, or an operator's between password and second factor ("operatorPending").
   * Each carries its own token, and a refusal ends only that session (spec §4).
   */
  session?: SessionKind;
  /** POST the body as multipart/form-data (spec §7 uploads); Blob values are files and are not signed. */
  multipart?: boolean;
  signal?: AbortSignal;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** An "optional"-session endpoint called as a visitor: the stored token stays out (codes asked for before login). */
  tokenless?: boolean;
  /** A token from elsewhere (the u/t entry link) in place of the stored one. */
  token?: string;
  /** The files of a multipart endpoint, by field name; they travel after the fields and are not signed. */
  files?: Readonly<Record<string, Blob | undefined>>;
}

export interface HttpClient {
  readonly baseURL: string;
  get<T = unknown, E = unknown>(path: string, params?: RequestParams, options?: RequestOptions): Promise<Envelope<T, E>>;
  post<T = unknown, E = unknown>(path: string, body?: RequestParams, options?: RequestOptions): Promise<Envelope<T, E>>;
}

/**
 * Calls a streaming endpoint (`stream: true`): POSTs the input signed exactly as `post` does and
 * hands each server-sent event to `onEvent`, checked against the endpoint's `datas` schema.
 * Resolves to an envelope: success once the stream has ended, else the refusal that came before
 * the stream (a JSON envelope, with the same session reactions as any call), a broken connection
 * or an event that breaks the contract (both 500). Only an aborted call rejects, as with `post`.
 */
export interface EventStreamClient {
  stream<E extends Endpoint & { method: "POST" }>(
    endpoint: E,
    input: EndpointInput<E>,
    onEvent: (event: EndpointDatas<E>) => void,
    signal?: AbortSignal,
  ): Promise<Envelope<null>>;
}

export interface BrowserLocation {
  pathname: string;
  search: string;
}

export interface HttpClientOptions {
  /** "/webapi"; endpoint paths (src/schema) are relative to it. */
  baseURL: string;
  sessionStore: SessionStore;
  getLocation: () => BrowserLocation;
  navigate: (to: string) => void;
  now: () => number;
  /** Tests pass a fake adapter; the browser uses axios's own. */
  adapter?: AxiosAdapter;
  /** The streaming calls' transport (axios cannot read a response as it arrives); the browser's fetch by default. */
  fetch?: typeof fetch;
  /** Shows a console call's refusal for want of a permission (3100), wherever the call was made. */
  onForbidden?: (message: string) => void;
}

export function createHttpClient(options: HttpClientOptions): HttpClient & EventStreamClient {
  const { baseURL, sessionStore, now } = options;
  const instance = axios.create({ baseURL, adapter: options.adapter, paramsSerializer: { serialize: serializeQuery } });

  async function send<T, E>(method: "get" | "post", path: string, fields: RequestParams, requestOptions: RequestOptions) {
    // A caller-supplied token (the u/t entry lookup) wins over the stored one.
    const hasOwnToken = fields.token !== undefined && fields.token !== null;
    const sessionKind = requestOptions.session ?? "user";
    const storedToken = requestOptions.tokenless || hasOwnToken ? undefined : storedTokenOf(sessionKind);
    const params = storedToken ? { ...fields, token: storedToken } : fields;
    const timestamp = now();
    const signature = computeSignature({ ...withoutFiles(params), timestamp }, sha256Hex);
    const config: AxiosRequestConfig =
      method === "get"
        ? { method, url: path, params: { ...params, timestamp, signature }, signal: requestOptions.signal }
        : { method, url: path, params: { timestamp, signature }, data: requestOptions.multipart ? toFormData(params) : params, signal: requestOptions.signal };

    const envelope = await exchange<T, E>(config);
    if (storedToken) reactToAnswer(sessionKind, envelope);
    return envelope;
  }

  /**
   * Both reactions concern the stored session, so they follow only calls that carried its token:
   * the server refreshes a session only then, and a refused link token (u/t entry) says nothing
   * about the session this browser already holds.
   * The notary session is not touched: spec §4 counts its 8 hours from the login timestamp.
   */
  function reactToAnswer(sessionKind: SessionKind, envelope: Pick<Envelope<unknown>, "code" | "message">) {
    if (envelope.code === ResultCode.success) {
      if (sessionKind === "user") sessionStore.touchUser(now());
      else if (sessionKind === "operator") sessionStore.touchOperator(now());
    }
    if (SESSION_INVALID_CODES.includes(envelope.code)) SESSION_ENDED_REACTIONS[sessionKind]();
    if (sessionKind === "operator" && envelope.code === ConsoleCode.forbidden) options.onForbidden?.(envelope.message);
  }

  const stream: EventStreamClient["stream"] = async (endpoint, input, onEvent, signal) => {
    const sessionKind = sessionKindOf(endpoint);
    const storedToken = endpoint.session === "tokenless" ? undefined : storedTokenOf(sessionKind);
    const fields: RequestParams = storedToken ? { ...(input as RequestParams), token: storedToken } : { ...(input as RequestParams) };
    const timestamp = now();
    const signature = computeSignature({ ...fields, timestamp }, sha256Hex);
    const url = `${baseURL}${endpoint.path}?${serializeQuery({ timestamp, signature })}`;
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(fields),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      return failure(ResultCode.serverError);
    }
    const isEventStream = response.ok && response.body !== null && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
    if (!isEventStream) {
      // A refusal before the stream: an envelope, as every other call answers.
      const body: unknown = await response.json().catch(() => null);
      const envelope = readEnvelope<null, unknown>(body) ?? failure<null, unknown>(statusCode(response.status));
      if (storedToken) reactToAnswer(sessionKind, envelope);
      return envelope;
    }
    const ended = await readEvents(response.body!, (data) => onEvent(endpoint.datas.parse(JSON.parse(data)) as EndpointDatas<typeof endpoint>), signal);
    if (storedToken && ended.code === ResultCode.success) reactToAnswer(sessionKind, ended);
    return ended;
  };

  /** Reads the stream to its end; an event the handler cannot take (bad JSON, off-contract) ends it as a server error. */
  async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void, signal?: AbortSignal): Promise<Envelope<null>> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let broken = false;
    const parser = createSseParser((data) => {
      if (broken) return;
      try {
        onData(data);
      } catch {
        broken = true;
      }
    });
    try {
      while (!broken) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      return failure(ResultCode.serverError);
    }
    if (broken) {
      await reader.cancel().catch(() => undefined);
      return failure(ResultCode.serverError);
    }
    parser.push(decoder.decode());
    parser.end();
    return { code: ResultCode.success, message: ResultMessage[ResultCode.success], datas: null };
  }

  function storedTokenOf(kind: SessionKind): string | undefined {
    switch (kind) {
      case "user":
        return sessionStore.getUser()?.token;
      case "notary":
        return sessionStore.getNotary()?.token;
      case "operator":
        return sessionStore.getOperator()?.token;
      case "operatorPending":
        return sessionStore.getOperatorPending() ?? undefined;
    }
  }

  async function exchange<T, E>(config: AxiosRequestConfig): Promise<Envelope<T, E>> {
    try {
      const response = await instance.request<unknown>(config);
      return readEnvelope<T, E>(response.data) ?? failure(ResultCode.serverError);
    } catch (error) {
      if (axios.isCancel(error)) throw error;
      return envelopeFromError<T, E>(error);
    }
  }

  /**
   * Spec §4: on /index, on public pages and under /user the stored user is simply dropped (the
   * page works without one, and /index is itself the logged-out home); anywhere else the user is
   * sent to /index and the current path remembered for after the next login.
   */
  function reactToInvalidSession() {
    const { pathname, search } = options.getLocation();
    sessionStore.clearUser();
    if (isPublicPath(pathname)) return;
    sessionStore.rememberPath(pathname + search);
    options.navigate(APP_PATHS.home);
  }

  /** Spec §2/§4: a notary whose session ended goes back to the notary login; the user session is untouched. */
  function reactToInvalidNotarySession() {
    sessionStore.clearNotary();
    if (options.getLocation().pathname !== APP_PATHS.notaryLogin) options.navigate(APP_PATHS.notaryLogin);
  }

  /** An operator whose session ended signs in again, then comes back to the console page they were on. */
  function reactToInvalidOperatorSession() {
    const { pathname, search } = options.getLocation();
    sessionStore.clearOperator();
    if (isConsolePath(pathname) && pathname !== APP_PATHS.consoleLogin) options.navigate(consoleLoginPath(pathname + search));
  }

  const SESSION_ENDED_REACTIONS: Record<SessionKind, () => void> = {
    user: reactToInvalidSession,
    notary: reactToInvalidNotarySession,
    operator: reactToInvalidOperatorSession,
    // The sign-in page sees the answer and starts again from the password.
    operatorPending: () => sessionStore.clearOperatorPending(),
  };

  return {
    baseURL,
    get: (path, params = {}, requestOptions = {}) => send("get", path, params, requestOptions),
    post: (path, body = {}, requestOptions = {}) => send("post", path, body, requestOptions),
    stream,
  };
}

/** The envelope one contract endpoint answers, typed by its `datas` and `extraData` schemas. */
export type EndpointEnvelope<E extends Endpoint> = Envelope<EndpointDatas<E>, EndpointExtra<E>>;

/**
 * Calls one contract endpoint (src/schema/contract.ts): method, path, token and multipart come
 * from the endpoint object, and the answer is typed by its `datas` schema. Every page and provider
 * calls /webapi through this; the client's get/post are its transport.
 */
export function callEndpoint<E extends Endpoint>(
  http: HttpClient,
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointEnvelope<E>> {
  const fields = { ...(input as RequestParams), ...(options.token === undefined ? {} : { token: options.token }), ...options.files };
  const requestOptions: RequestOptions = {
    tokenless: endpoint.session === "tokenless" || (endpoint.session === "optional" && options.tokenless === true),
    session: sessionKindOf(endpoint),
    multipart: endpoint.multipart,
    signal: options.signal,
  };
  return endpoint.method === "GET" ? http.get(endpoint.path, fields, requestOptions) : http.post(endpoint.path, fields, requestOptions);
}

/** Which stored session an endpoint's calls carry: its own kind, the user's for "optional". */
function sessionKindOf(endpoint: Endpoint): SessionKind {
  const { session } = endpoint;
  return session === "notary" || session === "operator" || session === "operatorPending" ? session : "user";
}

/**
 * Query serialisation that matches the signature exactly: each value is written as the signature
 * contract stringifies it (arrays and objects as JSON), null and undefined are left out on both
 * sides. encodeURIComponent rather than URLSearchParams so that a space is %20, never "+".
 */
export function serializeQuery(params: RequestParams): string {
  return Object.entries(params)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(stringifyParamValue(value))}`)
    .join("&");
}

/** DESIGN.md §4: files are left out of the signature; every other field is signed. */
function withoutFiles(params: RequestParams): RequestParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => !(value instanceof Blob)));
}

/**
 * Fields as text the way the signature stringifies them, files as file parts; null and undefined
 * left out on both sides. Every field goes before the first file, so a server that streams the
 * files (evidence uploads) has read and checked all signed fields before any file byte arrives.
 */
function toFormData(params: RequestParams): FormData {
  const form = new FormData();
  const entries = Object.entries(params).filter(([, value]) => value !== null && value !== undefined);
  for (const [name, value] of entries) if (!(value instanceof Blob)) form.append(name, stringifyParamValue(value));
  for (const [name, value] of entries) {
    if (value instanceof File) form.append(name, value, value.name);
    else if (value instanceof Blob) form.append(name, value);
  }
  return form;
}

function envelopeFromError<T, E>(error: unknown): Envelope<T, E> {
  const response = axios.isAxiosError(error) ? error.response : undefined;
  if (!response) return failure(ResultCode.serverError);
  if (response.status === ResultCode.timeout) return failure(ResultCode.timeout);
  return readEnvelope<T, E>(response.data) ?? failure(statusCode(response.status));
}

/** An HTTP status without an envelope, as the code callers branch on. */
function statusCode(status: number): ResultCodeValue {
  return status in ResultMessage ? (status as ResultCodeValue) : ResultCode.serverError;
}

function failure<T, E>(code: ResultCodeValue): Envelope<T, E> {
  // `datas` is null on every failure; the generic only describes the success shape.
  return { code, message: ResultMessage[code], datas: null as T };
}

/** The body as an envelope, or null when it is not one (an HTML error page, an empty body). */
function readEnvelope<T, E>(body: unknown): Envelope<T, E> | null {
  if (typeof body !== "object" || body === null) return null;
  const candidate = body as Partial<Envelope<T, E>>;
  if (typeof candidate.code !== "number" || typeof candidate.message !== "string") return null;
  // The payload's shape is the endpoint's contract, checked by the server's zod schema.
  return { ...candidate, datas: (candidate.datas ?? null) as T } as Envelope<T, E>;
}
