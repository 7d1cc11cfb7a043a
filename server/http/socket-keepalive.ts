import type { WebSocket } from "ws";

/**
 * Pings a websocket every `intervalMs` and terminates it when the previous ping got no pong, so a
 * peer that vanished (a laptop closed, a dropped network) is noticed within two intervals. Stops
 * by itself when the socket closes.
 */
export function keepSocketAlive(socket: WebSocket, intervalMs: number): void {
  let alive = true;
  socket.on("pong", () => (alive = true));
  const ping = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, intervalMs);
  socket.on("close", () => clearInterval(ping));
}
