/**
 * Politeness towards a host: one request at a time, a pause between the end of one and the start
 * of the next; and, across the whole process, one crawl of a host at a time (two tasks watching
 * the same site take turns instead of doubling its load).
 */

const crawlsByHost = new Map<string, Promise<void>>();

/** Waits until no other crawl holds `host` in this process, then holds it until `release` is called. */
export async function holdHost(host: string, signal: AbortSignal): Promise<() => void> {
  const key = host.toLowerCase();
  const stopped = aborted(signal);
  stopped.catch(() => undefined);
  for (;;) {
    const current = crawlsByHost.get(key);
    if (!current) break;
    await Promise.race([current, stopped]);
  }
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = () => {
      if (crawlsByHost.get(key) === held) crawlsByHost.delete(key);
      resolve();
    };
  });
  crawlsByHost.set(key, held);
  return release;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** Sleeps `ms`, or rejects as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * One crawl's turns per host: `run` waits for the host's previous request to end and for the
 * delay since then (the larger of ours and the host's Crawl-delay), then runs the request alone.
 */
export function createHostTurns(delayFor: (host: string) => number) {
  const lastByHost = new Map<string, { done: Promise<void>; endedAt: number }>();
  return async function run<T>(host: string, signal: AbortSignal, request: () => Promise<T>): Promise<T> {
    const previous = lastByHost.get(host);
    let finish!: () => void;
    const entry = { done: new Promise<void>((resolve) => (finish = resolve)), endedAt: 0 };
    lastByHost.set(host, entry);
    try {
      if (previous) {
        await previous.done;
        const wait = previous.endedAt + delayFor(host) - Date.now();
        if (wait > 0) await pause(wait, signal);
      }
      signal.throwIfAborted();
      return await request();
    } finally {
      entry.endedAt = Date.now();
      finish();
    }
  };
}
