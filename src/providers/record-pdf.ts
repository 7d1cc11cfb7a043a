import { useMemo } from "react";
import type { Endpoint } from "../schema/contract";
import { useSessionStore } from "./session-context";
import { fetchSignedFile, type SignedFileAnswer } from "./signed-file";
import { createSignedUrlBuilder } from "./signed-url";

export interface RecordPdf {
  fetchPdf(id: number, name: string): Promise<SignedFileAnswer>;
}

/**
 * A record's PDF (a sealed document, a digital report) as a blob from a signed address of its
 * module's download call (`{ id }`); a refusal comes back as its envelope.
 */
export function useRecordPdf(endpoint: Endpoint & { method: "GET" }): RecordPdf {
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return { fetchPdf: (id, name) => fetchSignedFile(signedUrl(endpoint, { id }), { contentType: "application/pdf", fallbackName: name }) };
  }, [sessionStore, endpoint]);
}
