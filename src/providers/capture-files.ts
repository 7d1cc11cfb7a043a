import { useMemo } from "react";
import { CAPTURE_ENDPOINTS, CAPTURE_FILES, type CaptureFileKind } from "../schema/capture";
import { useSessionStore } from "./session-context";
import { fetchSignedFile, type SignedFileAnswer } from "./signed-file";
import { createSignedUrlBuilder } from "./signed-url";

/**
 * A capture's package files (WACZ, screenshot, PDF, HTML, provenance) as blobs, fetched from a
 * signed address of the capture module's file call, so pages show or save them without knowing
 * the call. A refusal (not the holder's, no package yet) comes back as its envelope.
 */
export function useCaptureFiles(): { fetchFile(id: number, kind: CaptureFileKind, baseName?: string): Promise<SignedFileAnswer> } {
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return {
      fetchFile: (id, kind, baseName = `取证${id}`) => {
        const { contentType, extension } = CAPTURE_FILES[kind];
        // The server may spell the charset differently; the media type is what identifies the file.
        return fetchSignedFile(signedUrl(CAPTURE_ENDPOINTS.file, { id, file: kind }), { contentType: contentType.split(";")[0], fallbackName: `${baseName}.${extension}` });
      },
    };
  }, [sessionStore]);
}
