/**
 * The application's loading flag (spec §3 "application state: loading flags") that the shell's
 * overlay shows. Pages and providers raise it while a mutation runs. It counts, so two overlapping
 * tasks keep the overlay up until both are done, and each task's end may be called only once.
 */
export interface LoadingStore {
  /** Raises the flag; call the returned function when the work is done (extra calls are ignored). */
  begin(): () => void;
  /** Raises the flag for as long as `work` runs, success or failure. */
  track<T>(work: Promise<T>): Promise<T>;
  isLoading(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createLoadingStore(): LoadingStore {
  let running = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const begin = () => {
    running += 1;
    if (running === 1) notify();
    let hasEnded = false;
    return () => {
      if (hasEnded) return;
      hasEnded = true;
      running -= 1;
      if (running === 0) notify();
    };
  };

  return {
    begin,
    track(work) {
      const end = begin();
      return work.finally(end);
    },
    isLoading: () => running > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
