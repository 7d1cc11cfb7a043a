import { useMemo } from "react";
import type { Endpoint } from "../schema/contract";
import { useSessionStore } from "./session-context";
import { fetchSignedFile, type SignedFileAnswer } from "./signed-file";
import { createSignedUrlBuilder } from "./signed-url";

/** The files one file call serves, by the value of its `file` parameter. */
export type FileKinds<K extends string> = Readonly<Record<K, { readonly label: string; readonly contentType: string; readonly extension: string }>>;

export interface EndpointFiles<K extends string> {
  fetchFile(id: number, kind: K, baseName?: string): Promise<SignedFileAnswer>;
}

/**
 * A record's files (a capture's package, a recording's package) as blobs, fetched from a signed
 * address of its module's file call (`{ id, file }`), so pages show or save them without knowing
 * the call. A refusal (not the holder's, no package yet) comes back as its envelope.
 */
export function useEndpointFiles<K extends string>(endpoint: Endpoint & { method: "GET" }, files: FileKinds<K>): EndpointFiles<K> {
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return {
      fetchFile: (id, kind, baseName = `取证${id}`) => {
        const { contentType, extension } = files[kind];
        // The server may spell the charset differently; the media type is what identifies the file.
        return fetchSignedFile(signedUrl(endpoint, { id, file: kind }), { contentType: contentType.split(";")[0], fallbackName: `${baseName}.${extension}` });
      },
    };
  }, [sessionStore, endpoint, files]);
}
