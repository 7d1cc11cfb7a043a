import { createContext, useContext, type ReactNode } from "react";
import type { EventStreamClient } from "./http-client";

/** The streaming calls of the one HTTP client, handed down so pages reach /webapi only through providers and tests can hand in fakes. */
const EventStreamClientContext = createContext<EventStreamClient | null>(null);

export function EventStreamClientProvider({ client, children }: { client: EventStreamClient; children: ReactNode }) {
  return <EventStreamClientContext.Provider value={client}>{children}</EventStreamClientContext.Provider>;
}

export function useEventStreamClient(): EventStreamClient {
  const client = useContext(EventStreamClientContext);
  if (!client) throw new Error("useEventStreamClient must be used inside <EventStreamClientProvider>");
  return client;
}
