/**
 * A client whose code (and the contracts and schemas it brings) loads on its first call, for clients
 * every page is handed but few pages use, so a first load that makes no such call carries none of
 * it (issue 20). Only for clients whose every method returns a promise.
 */
type AsyncClient<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? T[K] : never };

export function deferredClient<T extends AsyncClient<T>>(load: () => Promise<T>): T {
  let client: Promise<T> | undefined;
  const loaded = () => {
    client ??= load();
    // A failed load (the network dropped) is tried again on the next call.
    client.catch(() => (client = undefined));
    return client;
  };
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a thenable, so awaiting or resolving with the client does not take it for a promise.
      if (typeof name === "symbol" || name === "then") return undefined;
      return async (...args: unknown[]) => {
        const target = await loaded();
        return (target[name as keyof T] as (...args: unknown[]) => Promise<unknown>)(...args);
      };
    },
  });
}
