import { CaptureFailedError } from "../capture-engine.types.js";

/**
 * A capture's clock: every wait of a capture goes through `run` (bounded by the capture's overall
 * time) or `upTo` (bounded by its own limit too), so a capture never hangs on a page, a browser or
 * a request. The deadline ends early with a reason when the job is aborted (server shutting down)
 * or the browser fails (`fail`); every pending `run` rejects with that reason at once.
 */
export const ELAPSED = Symbol("elapsed");

export class Deadline {
  readonly #controller = new AbortController();
  readonly #endsAt: number;
  readonly #reserveMs: number;
  readonly #timer: NodeJS.Timeout;
  readonly #ended: Promise<never>;

  /** `reserveMs`: the end of the capture's time kept for recording; the page's waits stop before it. */
  constructor(timeoutMs: number, outer: AbortSignal, reserveMs = 0) {
    this.#endsAt = Date.now() + timeoutMs;
    this.#reserveMs = reserveMs;
    this.#timer = setTimeout(() => this.fail(new CaptureFailedError("timeout", `${Math.round(timeoutMs / 1000)} 秒`)), timeoutMs);
    this.#ended = new Promise<never>((_, reject) => {
      this.#controller.signal.addEventListener("abort", () => reject(this.#controller.signal.reason), { once: true });
    });
    this.#ended.catch(() => undefined);
    // The job's owner may say why it stopped the capture (a CaptureFailedError as the abort reason);
    // otherwise the server is shutting down.
    const onOuterAbort = () => this.fail(outer.reason instanceof CaptureFailedError ? outer.reason : new CaptureFailedError("interrupted", "服务正在关闭"));
    if (outer.aborted) onOuterAbort();
    else outer.addEventListener("abort", onOuterAbort, { once: true });
  }

  /** Aborted when the capture's time is up or it failed; passed to every fetch of the capture. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  remaining(): number {
    return Math.max(0, this.#endsAt - Date.now());
  }

  /** What the page's own waits (load, idle, scroll) may still take. */
  forWaiting(): number {
    return Math.max(0, this.remaining() - this.#reserveMs);
  }

  /** Ends the capture with `error` (the first reason wins). */
  fail(error: CaptureFailedError): void {
    if (!this.#controller.signal.aborted) this.#controller.abort(error);
  }

  /** Throws the reason the capture ended, if it has. */
  check(): void {
    if (this.#controller.signal.aborted) throw this.#controller.signal.reason;
  }

  /** `work`, unless the capture ends first. */
  run<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    return Promise.race([work, this.#ended]);
  }

  /** `work` if it settles within `ms` (and the capture's time); ELAPSED if not. */
  upTo<T>(work: Promise<T>, ms: number): Promise<T | typeof ELAPSED> {
    return this.run(settleWithin(work, ms));
  }

  /** Waits `ms` or until the capture ends (then throws its reason). */
  sleep(ms: number): Promise<void> {
    return this.upTo(new Promise<never>(() => undefined), ms).then(() => undefined);
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}

/** Waits at most `ms` for `work` outside any capture's clock (closing a context). */
export async function settleWithin<T>(work: Promise<T>, ms: number): Promise<T | typeof ELAPSED> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  try {
    return await Promise.race([work, new Promise<typeof ELAPSED>((resolve) => (timer = setTimeout(() => resolve(ELAPSED), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
