import { useEndpointFiles } from "../../providers/endpoint-files";
import { RECORDING_ENDPOINTS, RECORDING_FILES } from "../../schema/recording";

/** A sealed recording's package and media file, fetched from the recording module's file call. */
export const useRecordingFiles = () => useEndpointFiles(RECORDING_ENDPOINTS.file, RECORDING_FILES);
