import type { FastifyInstance, FastifyReply } from "fastify";
import { LEDGER_TILES_PREFIX, LEDGER_VKEY_PATH } from "../../../src/schema/ledger.js";
import { LedgerFormatError } from "../../../isomorphic/ledger/errors.js";
import { parseTilePath, TILE_WIDTH } from "../../ledger/tiles.js";
import type { LedgerChainView } from "./ledger.types.js";
import type { LedgerService } from "./ledger.service.js";

/**
 * The log in the C2SP tlog-tiles layout under /ledger/, so any standard client can audit it:
 * checkpoint, tile/<L>/<N>[.p/<W>], tile/entries/<N>[.p/<W>], plus the verifier key (vkey).
 * Plain resources outside /webapi: no signature, no envelope, no session. A full tile never
 * changes and is cached forever; a partial tile of a given width never changes either but may be
 * dropped for the full one; the checkpoint changes with every block.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";
const PARTIAL = "public, max-age=86400";

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).header("content-type", "text/plain; charset=utf-8").header("cache-control", "no-store").send(`${message}\n`);
}

export async function ledgerTileRoutes(app: FastifyInstance, options: { ledger: LedgerService; chain: LedgerChainView }) {
  const { ledger } = options;
  const plain = { schema: { hide: true }, config: { session: "tokenless" as const } };

  app.get(`${LEDGER_TILES_PREFIX}/checkpoint`, plain, async (_request, reply) => {
    const checkpoint = await ledger.latestCheckpoint();
    if (!checkpoint) return notFound(reply, "no checkpoint yet");
    // Witness cosignatures (chain module) are extra signature lines on the same note.
    const note = await options.chain.decorateNote(checkpoint);
    return reply.header("content-type", "text/plain; charset=utf-8").header("cache-control", "no-cache").send(note);
  });

  app.get(LEDGER_VKEY_PATH, plain, async (_request, reply) =>
    reply.header("content-type", "text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(`${ledger.verifierKey}\n`),
  );

  app.get(`${LEDGER_TILES_PREFIX}/tile/*`, plain, async (request, reply) => {
    const rest = (request.params as { "*": string })["*"];
    let parsed;
    try {
      parsed = parseTilePath(`tile/${rest}`);
    } catch (error) {
      if (error instanceof LedgerFormatError) return notFound(reply, "not a tile path");
      throw error;
    }
    const data = await ledger.tile(parsed.kind, parsed.tile);
    if (!data) return notFound(reply, "tile not available");
    return reply
      .header("content-type", "application/octet-stream")
      .header("cache-control", parsed.tile.width === TILE_WIDTH ? IMMUTABLE : PARTIAL)
      .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}
