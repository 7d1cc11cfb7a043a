import type { CustomResponse, DataProvider, HttpError } from "@refinedev/core";
import { useMutation, useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { webapiPath, type Endpoint, type EndpointDatas, type EndpointExtra, type EndpointInput } from "../schema/contract";
import type { WebapiCustomResponse } from "./data-provider";
import { useWebapiProviders } from "./webapi-context";

/**
 * The data provider's `custom` calls, typed by a contract endpoint (src/schema/contract.ts): the
 * data provider takes the endpoint from `meta` (method, path, token, multipart), and the answer is
 * typed by its `datas` and `extraData` schemas. Pages read and change data through these or
 * refine's resource hooks; never through a path.
 *
 * They behave as refine's useCustom and useCustomMutation (same cache keys, same result shape) but
 * run on TanStack Query directly, so the visitor's pages can use them without loading refine
 * (issue 20); in the logged-in app refine shares the same query client.
 */

type QueryOptions = Omit<UseQueryOptions<CustomResponse, HttpError>, "queryKey" | "queryFn">;
/** What refine's useCustom hands before an answer: an empty object, never undefined. */
const EMPTY_OBJECT = Object.freeze({});

export function useEndpointQuery<E extends Endpoint & { method: "GET" }>(endpoint: E, params: EndpointInput<E>, queryOptions?: QueryOptions) {
  const { dataProvider } = useWebapiProviders();
  const url = webapiPath(endpoint);
  const query = useQuery<CustomResponse, HttpError>({
    // refine's key for a custom call of the default data provider, so refine's invalidation reaches it.
    queryKey: ["data", "default", "custom", { method: "get", url, query: params }],
    queryFn: () => dataProvider.custom!({ url, method: "get", query: params as Record<string, unknown>, meta: { endpoint } }),
    ...queryOptions,
  });
  const response = query.data as WebapiCustomResponse<EndpointDatas<E>, EndpointExtra<E>> | undefined;
  return { datas: (response?.data ?? EMPTY_OBJECT) as EndpointDatas<E> | undefined, extraData: response?.extraData, query };
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
  const { dataProvider } = useWebapiProviders();
  const mutation = useMutation<CustomResponse, HttpError, Record<string, unknown>>({
    mutationKey: ["data", "default", "customMutation"],
    mutationFn: (payload) => dataProvider.custom!({ url: webapiPath(endpoint), method: "post", payload, meta: { endpoint } }),
  });
  return {
    mutation,
    /** Resolves to `datas`; a refusal rejects with the data provider's HttpError (message, field errors). */
    send: async (values: EndpointInput<E>, files?: Readonly<Record<string, Blob | undefined>>) => {
      const response = await mutation.mutateAsync({ ...(values as Record<string, unknown>), ...files });
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
