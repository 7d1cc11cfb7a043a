import { computeSignature } from "../schema/signature";
import { sha256Hex } from "./browser-digest";
import { serializeQuery, type RequestParams } from "./http-client";
import type { SessionStore } from "./session-store";

/**
 * A signed GET address carrying the user's token (DESIGN.md §4), for answers that are files rather
 * than envelopes (a certificate PDF): the browser fetches it itself. The signature's 5-minute
 * window bounds the address's life.
 */
export type SignedUrlBuilder = (path: string, params?: RequestParams) => string;

export function createSignedUrlBuilder(options: { baseURL: string; sessionStore: SessionStore; now: () => number }): SignedUrlBuilder {
  return (path, params = {}) => {
    const token = options.sessionStore.getUser()?.token;
    const fields = token ? { ...params, token } : params;
    const timestamp = options.now();
    const signature = computeSignature({ ...fields, timestamp }, sha256Hex);
    return `${options.baseURL}${path}?${serializeQuery({ ...fields, timestamp, signature })}`;
  };
}
