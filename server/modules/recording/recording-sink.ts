import type { Readable } from "node:stream";
import type { RecordingChunkFields, RecordingEnding, RecordingChunkReceipt, RecordingEnvironment, RecordingKind, RecordingRecord, RecordingSource, RecordingUploadState } from "../../../src/schema/recording.js";

/**
 * What every recorder feeds (issue 16): the holder's browser through the recording calls, the
 * cloud browser, bound devices and the live-stream recorder server-side. The recording module
 * (RecordingService) implements it; the recorders are given it and never touch its tables.
 */
export interface RecordingSink {
  /**
   * Starts a recording for `userId` (who must be the holder, or a sub-account of it). A recording
   * of its own reserves one unit of package 30002 (refused with RecordingCode.noUnits when there
   * is none); a part (`groupId` set: one device of a mobile array) is paid by its group.
   */
  start(userId: number, request: RecordingStart): Promise<RecordingRecord>;
  /**
   * Takes the chunk at `fields.index` (the next one, or one already held with the same digest,
   * answered as before), hashes it while it streams in, and answers once it is durable in the
   * blob store (where any process reads it) and its row, with the chain's new heads, is committed. Anchors the chain when RECORDING_ANCHOR_INTERVAL_MS of
   * recording time has passed since the last anchor.
   */
  appendChunk(userId: number, fields: RecordingChunkFields, chunk: Readable): Promise<RecordingChunkReceipt>;
  uploadState(userId: number, id: number): Promise<RecordingUploadState>;
  /**
   * A file the recorder made beside the media (the cloud browser's network.warc.gz and
   * events.jsonl), copied into the blob store now and packaged with it when sealed.
   */
  attachFile(userId: number, id: number, name: string, sourcePath: string): Promise<void>;
  /**
   * No more chunks: the final anchor, then the package is sealed in the background. A group stops
   * its parts too. `interrupted`: the recorder was cut off (its page lost, its engine failed, a
   * limit reached) rather than stopped by its holder, and the certificate says so.
   */
  stop(userId: number, id: number, ending?: RecordingEnding): Promise<RecordingRecord>;
}

export interface RecordingStart {
  kind: RecordingKind;
  source: RecordingSource;
  name: string;
  purpose: string | null;
  /** The page, stream or event recorded, where there is one. */
  target: string | null;
  /** environment.json of the recording; `clockOffsetMs` filled in by the caller where it measured one. */
  environment: RecordingEnvironment;
  /** A mobile array's part: the group recording it belongs to (kind mobileArray). */
  groupId?: number | null;
  /**
   * A group with no media of its own (a mobile array): its parts are recorded by devices and
   * sealed together in its package.
   */
  isGroup?: boolean;
}
