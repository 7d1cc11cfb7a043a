import { CAPTURE_ENDPOINTS, CAPTURE_FILES, type CaptureFileKind } from "../schema/capture";
import { useEndpointFiles, type EndpointFiles } from "./endpoint-files";

/** A capture's package files (WACZ, screenshot, PDF, HTML, provenance), fetched from the capture module's file call. */
export function useCaptureFiles(): EndpointFiles<CaptureFileKind> {
  return useEndpointFiles(CAPTURE_ENDPOINTS.file, CAPTURE_FILES);
}
