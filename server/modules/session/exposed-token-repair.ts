import type { AppMetaRepository } from "../../db/app-meta.repository.js";
import type { SessionService } from "./session.service.js";

export const EXPOSED_TOKEN_REPAIR_MARKER = "voucher_token_repair_done_at";

/** A clock stepped back between a session's start and a voucher's save must not hide the voucher. */
const CLOCK_SLACK_MS = 60 * 60 * 1000;

/** What vouchers keep of their input (the evidence module): each original and its details. */
export interface VoucherDocuments {
  voucherDocumentsSince(since: number): AsyncIterable<Buffer>;
}

/**
 * Before issue 11 a voucher's original, the JSON the server builds from the form's fields, kept
 * the holder's session `token`, and served it with every download of the original. Such a record
 * cannot be rewritten (its digests are on the ledger), so the token is made useless instead: every
 * session whose token appears in a voucher's original or details is ended at start.
 *
 * How much it reads, decided: the repair runs once per installation (a marker in app_meta, written
 * after the sessions are ended, so an interrupted run repeats), because no voucher stored since can
 * hold a token (plugins/transport-fields.ts) and rescanning at every start would find nothing new.
 * The one run reads only vouchers (the one kind whose service copied its whole input into the
 * record) and only those created since the oldest still usable session began: a token is in no
 * voucher older than its session, and an ended or idle session's token opens nothing. A fresh
 * installation, or one with no live session, is marked done without reading any record.
 */
export async function endSessionsExposedInVouchers(deps: {
  sessions: SessionService;
  vouchers: VoucherDocuments;
  markers: AppMetaRepository;
  now: () => number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}): Promise<void> {
  const { sessions, markers, log } = deps;
  if (await markers.has(EXPOSED_TOKEN_REPAIR_MARKER)) return;
  const since = await sessions.oldestLiveStart();
  let scanned = 0;
  let ended = 0;
  if (since !== null) {
    for await (const document of deps.vouchers.voucherDocumentsSince(since - CLOCK_SLACK_MS)) {
      scanned += 1;
      ended += await sessions.endExposed(stringsIn(document));
    }
  }
  await markers.markOnce(EXPOSED_TOKEN_REPAIR_MARKER, String(deps.now()), deps.now());
  // Counts only: the tokens themselves never reach the log.
  if (ended > 0) log.warn({ endedSessions: ended, documentsScanned: scanned }, "ended sessions whose tokens earlier versions stored in voucher originals");
  else log.info({ endedSessions: 0, documentsScanned: scanned }, "no session token found in voucher originals");
}

/** Every string value of a JSON document (a token may sit under any key); nothing when it is not JSON. */
function stringsIn(document: Buffer): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(document.toString("utf8"));
  } catch {
    return [];
  }
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  walk(parsed);
  return strings;
}
