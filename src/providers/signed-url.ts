import { webapiPath, type Endpoint, type EndpointInput } from "../schema/contract";
import { computeSignature } from "../schema/signature";
import { sha256Hex } from "./browser-digest";
import { serializeQuery, type RequestParams } from "./http-client";
import type { SessionStore } from "./session-store";

/**
 * The signed GET address of a download endpoint (`file: true`, DESIGN.md §4): the browser fetches
 * it itself, since the answer is a file rather than an envelope. It carries the token of the session
 * the endpoint speaks for (the operator's for a console download, the notary staff's for the notary
 * console's, else the user's) unless the
 * endpoint is tokenless (an extraction's third party is not the user, even in a browser that also
 * holds a user session). The signature's 5-minute window bounds the address's life.
 */
export type SignedUrlBuilder = <E extends Endpoint & { method: "GET" }>(endpoint: E, params: EndpointInput<E>) => string;

export function createSignedUrlBuilder(options: { sessionStore: SessionStore; now: () => number }): SignedUrlBuilder {
  return (endpoint, params) => {
    const token = tokenFor(endpoint, options.sessionStore);
    const fields: RequestParams = token ? { ...(params as RequestParams), token } : { ...(params as RequestParams) };
    const timestamp = options.now();
    const signature = computeSignature({ ...fields, timestamp }, sha256Hex);
    return `${webapiPath(endpoint)}?${serializeQuery({ ...fields, timestamp, signature })}`;
  };
}

function tokenFor(endpoint: Endpoint, sessionStore: SessionStore): string | undefined {
  switch (endpoint.session) {
    case "tokenless":
      return undefined;
    case "operator":
      return sessionStore.getOperator()?.token;
    case "notary":
      return sessionStore.getNotary()?.token;
    default:
      return sessionStore.getUser()?.token;
  }
}
