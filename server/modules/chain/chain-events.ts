import { z } from "zod";

/**
 * What one process of an installation tells the others about the chain, so that every process
 * pushes to its own live sockets what another did: a checkpoint it signed, or a witness whose
 * status changed under its submission. One process alone needs no bus.
 */
export const ChainEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("checkpoint"), blockHeight: z.number().int().positive() }),
  z.object({ kind: z.literal("witness") }),
]);
export type ChainEvent = z.infer<typeof ChainEventSchema>;

export interface ChainEventBus {
  /** Tells the other processes; this one has already acted on its own event. */
  announce(event: ChainEvent): void;
  /** Called with every event another process announces. */
  onRemote(handler: (event: ChainEvent) => void): void;
  close(): Promise<void>;
}
