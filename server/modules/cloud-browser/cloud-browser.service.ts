import { CLOUD_BROWSER_MESSAGES, type CloudBrowserStart, type CloudBrowserState, type CloudBrowserStatus } from "../../../src/schema/cloud-browser.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { RECORDING_MESSAGES, RecordingCode, RecordingRecordSchema, type RecordingRecord } from "../../../src/schema/recording.js";
import { checkCaptureUrl } from "../../capture/network/target-admission.js";
import { BusinessError } from "../../http/envelope.js";
import { CloudBrowserUnavailableError, type CloudBrowserEngine } from "../../recording/cloud-browser/cloud-browser-engine.js";
import type { RecordingService } from "../recording/recording.service.js";

const unavailable = (reason: string) => new BusinessError(RecordingCode.engineUnavailable, `${RECORDING_MESSAGES.engineUnavailable}：${reason}`);

/**
 * The holder's cloud-browser calls over the engine: the start URL screened by the capture's
 * address policy first (a refused address changes nothing), the engine's refusals as business
 * codes, the recording's own view from the recording module.
 */
export class CloudBrowserService {
  constructor(private readonly deps: { engine: CloudBrowserEngine; recordings: RecordingService; allowedHosts: readonly string[] }) {}

  async start(userId: number, form: CloudBrowserStart): Promise<CloudBrowserStatus> {
    // A missing engine is said first: no URL would help.
    const available = await this.deps.engine.availability();
    if (!available.available) throw unavailable(available.reason);
    const verdict = await checkCaptureUrl(form.url, { allowedHosts: this.deps.allowedHosts });
    if (!verdict.ok) throw new BusinessError(ResultCode.validationFailed, verdict.detail, { errors: { url: verdict.detail } });
    try {
      return await this.deps.engine.start(userId, form);
    } catch (error) {
      if (error instanceof CloudBrowserUnavailableError) throw unavailable(error.reason);
      throw error;
    }
  }

  /** Ends the live session and seals it; a session already gone (ended, or the server restarted) answers its recording as it is. */
  async stop(userId: number, id: number): Promise<RecordingRecord> {
    const ending = this.deps.engine.stop(userId, id);
    if (ending) return ending;
    return this.record(userId, id);
  }

  async state(userId: number, id: number): Promise<CloudBrowserState> {
    return { session: this.deps.engine.status(userId, id), recording: await this.record(userId, id) };
  }

  private async record(userId: number, id: number): Promise<RecordingRecord> {
    const detail = await this.deps.recordings.detail(userId, id);
    if (detail.kind !== "procedureRecord" || detail.source !== "cloudBrowser") throw new BusinessError(ResultCode.notFound, CLOUD_BROWSER_MESSAGES.sessionNotFound);
    return RecordingRecordSchema.parse(detail);
  }
}
