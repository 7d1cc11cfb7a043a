import { useMemo } from "react";
import { SEAL_ENDPOINTS } from "../schema/seal";
import { useSessionStore } from "./session-context";
import { fetchSignedFile, type SignedFileAnswer } from "./signed-file";
import { createSignedUrlBuilder } from "./signed-url";

/** A sealed PDF as a blob from a signed address of the seal module's download call; a refusal comes back as its envelope. */
export function useSealedPdf(): { fetchPdf(id: number, name: string): Promise<SignedFileAnswer> } {
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return { fetchPdf: (id, name) => fetchSignedFile(signedUrl(SEAL_ENDPOINTS.download, { id }), { contentType: "application/pdf", fallbackName: name }) };
  }, [sessionStore]);
}
