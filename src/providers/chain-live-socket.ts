import { CHAIN_SOCKET_PATH, ChainPushSchema, chainLiveFromPush, type ChainLive } from "../schema/chain-live";

/**
 * The live chain socket (spec §7): one websocket to /ws/chain shared by every widget that shows
 * the chain figures, opened while at least one listens. A dropped connection is retried with
 * exponential backoff (1 s doubling to 30 s, with jitter so a restarted server is not hit by every
 * browser at once); while it is not open the widgets fall back to polling getBlockHeightAndTxCount.
 */
export type ChainSocketStatus = "idle" | "connecting" | "open" | "closed";

export interface ChainSocketState {
  readonly status: ChainSocketStatus;
  /** The newest push, kept while reconnecting so the figures do not blank out. */
  readonly data: ChainLive | null;
}

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): doubling, capped, between 50 % and 100 % of that. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function chainSocketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CHAIN_SOCKET_PATH}`;
}

export class ChainLiveSocket {
  #state: ChainSocketState = { status: "idle", data: null };
  #listeners = new Set<() => void>();
  #socket: WebSocket | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #attempt = 0;

  constructor(private readonly url: () => string) {}

  readonly getState = (): ChainSocketState => this.#state;

  /** useSyncExternalStore-style: the first listener opens the socket, the last one closes it. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#open();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#shutDown();
    };
  };

  #set(next: Partial<ChainSocketState>): void {
    this.#state = { ...this.#state, ...next };
    for (const listener of this.#listeners) listener();
  }

  #open(): void {
    if (typeof WebSocket !== "function") return; // no live push here: the poll carries on alone
    this.#set({ status: "connecting" });
    const socket = new WebSocket(this.url());
    this.#socket = socket;
    socket.onopen = () => {
      this.#attempt = 0;
      this.#set({ status: "open" });
    };
    socket.onmessage = (event) => {
      const parsed = ChainPushSchema.safeParse(safeJson(event.data));
      if (parsed.success) this.#set({ data: chainLiveFromPush(parsed.data) });
    };
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#set({ status: "closed" });
      this.#retry = setTimeout(() => {
        this.#retry = null;
        if (this.#listeners.size > 0) this.#open();
      }, reconnectDelay(this.#attempt++));
    };
  }

  #shutDown(): void {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#attempt = 0;
    const socket = this.#socket;
    this.#socket = null;
    socket?.close();
    this.#state = { status: "idle", data: this.#state.data };
  }
}

function safeJson(data: unknown): unknown {
  try {
    return typeof data === "string" ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

/** The page's one socket, to the server that served it. */
export const chainLiveSocket = new ChainLiveSocket(() => chainSocketUrl(window.location));
