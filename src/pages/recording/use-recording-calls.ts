import { useDataProvider } from "@refinedev/core";
import { useMemo } from "react";
import { useSessionStore } from "../../providers/session-context";
import { queryEndpoint, sendEndpoint } from "../../providers/use-endpoint";
import type { ChunkStore } from "../../recording/chunk-store";
import { createIndexedDbChunkStore, hasIndexedDb } from "../../recording/indexeddb-chunk-store";
import type { ScreenRecorderCalls } from "../../recording/screen-recorder";
import type { ChunkTransport } from "../../recording/upload-queue";
import { RECORDING_ENDPOINTS } from "../../schema/recording";

/** One IndexedDB store per page load. */
let sharedStore: ChunkStore | null = null;

/**
 * The screen recorder's calls through the data provider, the browser's chunk store, and who is
 * recording (so a browser shared by several accounts resumes each account's own recordings only).
 */
export function useRecordingCalls() {
  const dataProvider = useDataProvider()();
  const session = useSessionStore();
  const user = session.getUser();
  const owner = String(user?.id ?? user?.mobile ?? "");
  return useMemo(() => {
    const transport = (id: number): ChunkTransport => ({
      upload: (chunk) => sendEndpoint(dataProvider, RECORDING_ENDPOINTS.uploadChunk, { id, index: chunk.index, sha256: chunk.sha256, recordedMs: chunk.recordedMs }, { chunk: chunk.data }),
      uploadState: () => queryEndpoint(dataProvider, RECORDING_ENDPOINTS.uploadState, { id }),
    });
    const calls: ScreenRecorderCalls = {
      start: (request) => sendEndpoint(dataProvider, RECORDING_ENDPOINTS.startScreen, request),
      transport,
      stop: (id) => sendEndpoint(dataProvider, RECORDING_ENDPOINTS.stop, { id }),
    };
    const store = hasIndexedDb() ? (sharedStore ??= createIndexedDbChunkStore()) : null;
    return {
      calls,
      store,
      owner,
      discard: (id: number) => sendEndpoint(dataProvider, RECORDING_ENDPOINTS.discard, { id }),
      detail: (id: number) => queryEndpoint(dataProvider, RECORDING_ENDPOINTS.one, { id }),
    };
  }, [dataProvider, owner]);
}
export type RecordingCalls = ReturnType<typeof useRecordingCalls>;
