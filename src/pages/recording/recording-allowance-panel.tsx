import { Alert, Skeleton } from "antd";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { RECORDING_ENDPOINTS, RECORDING_MESSAGES, type RecordingAllowance } from "../../schema/recording";

/** Which server engine a recorder needs: the cloud browser (Chromium and ffmpeg), ffmpeg alone (live streams), or none (the holder's browser). */
export type RecordingEngine = keyof RecordingAllowance["engines"] | null;

/**
 * Above every recording form (screen, procedure, live): the holder's 录屏保全 count and, where the
 * recording runs on the server, whether its engine is there and why not. `canRecord` is false
 * until the allowance is known.
 */
export function useRecordingAllowance(engine: RecordingEngine) {
  const { datas: answer, query } = useEndpointQuery(RECORDING_ENDPOINTS.allowance, {});
  const datas = query.isSuccess ? answer : undefined;
  const notice = query.isLoading ? (
    <Skeleton active paragraph={{ rows: 1 }} />
  ) : query.error ? (
    <Alert type="error" showIcon message={query.error.message} />
  ) : (
    datas && <RecordingAllowancePanel allowance={datas} engine={engine} />
  );
  const canRecord = Boolean(datas && datas.packageRemaining > 0 && (engine === null || datas.engines[engine].available));
  return { notice, canRecord, reload: () => void query.refetch() };
}

export function RecordingAllowancePanel({ allowance, engine }: { allowance: RecordingAllowance; engine: RecordingEngine }) {
  const links = useAppLinks();
  const state = engine ? allowance.engines[engine] : null;
  if (state && !state.available) {
    return <Alert role="alert" type="error" showIcon message={engine === "cloudBrowser" ? RECORDING_MESSAGES.engineUnavailable : RECORDING_MESSAGES.ffmpegUnavailable} description={state.reason} />;
  }
  if (allowance.packageRemaining <= 0) {
    return <Alert role="alert" type="warning" showIcon message={RECORDING_MESSAGES.noUnits} description={<Link to={links.purchasePackage}>购买录屏保全套餐</Link>} />;
  }
  return <Alert type="info" showIcon message={`可用录屏保全次数 ${allowance.packageRemaining} 次；每次录制扣减一次，未录到任何内容的录制不扣次数。`} />;
}
