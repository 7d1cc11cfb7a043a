import { useMemo } from "react";
import { LAWYER_SERVICE_ENDPOINTS, type ConsultationAttachment } from "../schema/lawyer-service";
import { useSessionStore } from "./session-context";
import { fetchSignedFile, type SignedFileAnswer } from "./signed-file";
import { createSignedUrlBuilder } from "./signed-url";

/** A consultation's attachment as a blob from a signed address of its download call; a refusal comes back as its envelope. */
export function useConsultationAttachments(): { fetchAttachment(attachment: ConsultationAttachment): Promise<SignedFileAnswer> } {
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return {
      fetchAttachment: ({ id, contentType, fileName }) => fetchSignedFile(signedUrl(LAWYER_SERVICE_ENDPOINTS.downloadAttachment, { id }), { contentType, fallbackName: fileName }),
    };
  }, [sessionStore]);
}
