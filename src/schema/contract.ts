import type { z } from "zod";
import type { ConsolePermission } from "./console/permissions";

/**
 * The /webapi contract (DESIGN.md §4, §5), in the spirit of ts-rest: one object per endpoint,
 * imported by both sides. The server registers its route from it (server/http/endpoint-route.ts),
 * the OpenAPI document is generated from those routes, and the browser's calls are typed from it
 * (src/providers/http-client.ts `call`). No endpoint path is written anywhere else.
 */

/** Every endpoint path is relative to this prefix; only route registration and the HTTP client add it. */
export const WEBAPI_PREFIX = "/webapi";

/**
 * What a call needs of the caller's session:
 * - "optional": a token, when sent, must be valid and is refreshed; none is fine.
 * - "user" / "notary": a valid session of that kind is required; the browser sends that kind's token.
 * - "tokenless": the call never carries a token (spec §7); one that is sent is ignored.
 * - "operator": an operator of the console (DESIGN.md §5) signed in with both factors, whose roles
 *   grant the endpoint's `permission`.
 * - "operatorPending": an operator past the password, before the second factor (TOTP enrolment or
 *   code); these calls alone accept that short session.
 * Each call accepts exactly one kind: a customer token is refused by every console call, an
 * operator token by every customer call.
 */
export type SessionRequirement = "optional" | "user" | "notary" | "tokenless" | "operator" | "operatorPending";

export type EndpointMethod = "GET" | "POST";

export interface Endpoint<
  Method extends EndpointMethod = EndpointMethod,
  Input extends z.ZodObject = z.ZodObject,
  Datas extends z.ZodType = z.ZodType,
  Extra extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Relative to WEBAPI_PREFIX, e.g. "/user/v2/loginV2"; new paths follow `/<area>/v2/<verb>`. */
  path: string;
  /**
   * The call's own parameters: the query of a GET, the body of a POST (JSON, or form fields before
   * the files of a multipart upload). The transport fields (timestamp, signature, token) are added
   * by both sides and never appear here.
   */
  input: Input;
  /** `datas` of the success envelope. */
  datas: Datas;
  /** `extraData` of the success envelope, where the call has one. */
  extraData?: Extra;
  session: SessionRequirement;
  /**
   * Console calls only (session "operator"): the permission the operator's roles must grant, or
   * "signedIn" for what every operator may do (their own profile, logging out). The server checks
   * it in one place and refuses an operator call that declares none at registration.
   */
  permission?: ConsolePermission | "signedIn";
  /** The body travels as multipart/form-data; Blob fields are files and are not signed. */
  multipart?: boolean;
  /** A successful answer is a file (a download); refusals are still envelopes. */
  file?: boolean;
  /**
   * A successful answer is a stream of server-sent events (text/event-stream), each `data:` line one
   * JSON value of `datas`; refusals before the stream starts are still envelopes.
   */
  stream?: boolean;
  /** Where the OpenAPI document groups the call, e.g. 账号. */
  tag: string;
  /** One line for the OpenAPI document: what the call does and its rules. */
  summary: string;
  /** The OpenAPI document's longer text, where the codes a call answers need listing. */
  description?: string;
}

/** Declares an endpoint; the identity function keeps its literal types for both sides. */
export function endpoint<Method extends EndpointMethod, Input extends z.ZodObject, Datas extends z.ZodType, Extra extends z.ZodType = z.ZodUnknown>(
  definition: Endpoint<Method, Input, Datas, Extra>,
): Endpoint<Method, Input, Datas, Extra> {
  return definition;
}

/** What a caller passes: the input before the schema's defaults and transforms. */
export type EndpointInput<E extends Endpoint> = z.input<E["input"]>;
/** What a handler receives: the validated input. */
export type EndpointParams<E extends Endpoint> = z.output<E["input"]>;
/** The success envelope's `datas` as the browser reads it. */
export type EndpointDatas<E extends Endpoint> = z.output<E["datas"]>;
export type EndpointExtra<E extends Endpoint> = z.output<NonNullable<E["extraData"]>>;

/** The full URL path of an endpoint, for the places that must hand a URL to the browser (downloads). */
export const webapiPath = (target: Pick<Endpoint, "path">) => `${WEBAPI_PREFIX}${target.path}`;
