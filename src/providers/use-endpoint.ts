import { useCustom, useCustomMutation, type BaseRecord, type DataProvider, type HttpError } from "@refinedev/core";
import { webapiPath, type Endpoint, type EndpointDatas, type EndpointExtra, type EndpointInput } from "../schema/contract";
import type { WebapiCustomResponse } from "./data-provider";

/**
 * refine's `custom` calls, typed by a contract endpoint (src/schema/contract.ts): the data
 * provider takes the endpoint from `meta` (method, path, token, multipart), and the answer is
 * typed by its `datas` and `extraData` schemas. Pages read and change data through these or
 * refine's resource hooks; never through a path.
 */

type QueryOptions = Parameters<typeof useCustom>[0]["queryOptions"];

export function useEndpointQuery<E extends Endpoint & { method: "GET" }>(endpoint: E, params: EndpointInput<E>, queryOptions?: QueryOptions) {
  const { result, query } = useCustom<BaseRecord, HttpError>({
    url: webapiPath(endpoint),
    method: "get",
    config: { query: params as Record<string, unknown> },
    meta: { endpoint },
    queryOptions,
  });
  const response = query.data as WebapiCustomResponse<EndpointDatas<E>, EndpointExtra<E>> | undefined;
  return { datas: result.data as EndpointDatas<E> | undefined, extraData: response?.extraData, query };
}

/**
 * useEndpointQuery whose `datas` stays undefined until the call has answered: refine's useCustom
 * hands an empty object before that (and while disabled), which a page must not take for an answer.
 */
export function useLoadedEndpointQuery<E extends Endpoint & { method: "GET" }>(endpoint: E, params: EndpointInput<E>, queryOptions?: QueryOptions) {
  const loaded = useEndpointQuery(endpoint, params, queryOptions);
  return { ...loaded, datas: loaded.query.isSuccess ? loaded.datas : undefined };
}

export function useEndpointMutation<E extends Endpoint & { method: "POST" }>(endpoint: E) {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError>();
  return {
    mutation,
    /** Resolves to `datas`; a refusal rejects with the data provider's HttpError (message, field errors). */
    send: async (values: EndpointInput<E>, files?: Readonly<Record<string, Blob | undefined>>) => {
      const response = await mutateAsync({
        url: webapiPath(endpoint),
        method: "post",
        values: { ...(values as Record<string, unknown>), ...files },
        meta: { endpoint },
        successNotification: false,
        errorNotification: false,
      });
      return response.data as EndpointDatas<E>;
    },
  };
}

/**
 * The same custom call outside a component (a clock measured once per data provider, the session
 * check): resolves to `datas`, rejects with the data provider's HttpError.
 */
export async function queryEndpoint<E extends Endpoint & { method: "GET" }>(provider: DataProvider, endpoint: E, params: EndpointInput<E>): Promise<EndpointDatas<E>> {
  const response = await provider.custom!({ url: webapiPath(endpoint), method: "get", query: params as Record<string, unknown>, meta: { endpoint } });
  return response.data as EndpointDatas<E>;
}

/** A POST call outside a component (the screen recorder's chunk uploads): resolves to `datas`, rejects with the data provider's HttpError. */
export async function sendEndpoint<E extends Endpoint & { method: "POST" }>(provider: DataProvider, endpoint: E, values: EndpointInput<E>, files?: Readonly<Record<string, Blob>>): Promise<EndpointDatas<E>> {
  const response = await provider.custom!({ url: webapiPath(endpoint), method: "post", payload: { ...(values as Record<string, unknown>), ...files }, meta: { endpoint } });
  return response.data as EndpointDatas<E>;
}
