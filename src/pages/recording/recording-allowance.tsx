import { Alert, Skeleton } from "antd";
import { NoUnitsAlert } from "../../components/no-units-alert";
import { useAppLinks } from "../../providers/app-links-context";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { RECORDING_ENDPOINTS, RECORDING_MESSAGES, RECORDING_PACKAGE_CODE, type RecordingAllowance } from "../../schema/recording";

/** Which server engine a recorder needs: the cloud browser (Chromium and ffmpeg), ffmpeg alone (live streams), or none (the holder's browser). */
export type RecordingEngine = keyof RecordingAllowance["engines"] | null;

/**
 * The holder's remaining 录屏保全 units (package 30002), drawn above the form, and where the
 * recording runs on the server, whether its engine is there and why not; `canRecord` is false until known.
 */
export function useRecordingAllowance(engine: RecordingEngine = null) {
  const links = useAppLinks();
  const { datas: answer, query } = useEndpointQuery(RECORDING_ENDPOINTS.allowance, {});
  const datas = query.isSuccess ? answer : undefined;
  const remaining = datas?.packageRemaining ?? 0;
  const missing = datas && engine && !datas.engines[engine].available ? datas.engines[engine] : null;
  const notice = query.isLoading ? (
    <Skeleton active paragraph={{ rows: 1 }} />
  ) : query.error ? (
    <Alert type="error" showIcon message={query.error.message} />
  ) : missing ? (
    <Alert role="alert" type="error" showIcon message={engine === "cloudBrowser" ? RECORDING_MESSAGES.engineUnavailable : RECORDING_MESSAGES.ffmpegUnavailable} description={missing.reason} />
  ) : datas && remaining <= 0 ? (
    <NoUnitsAlert message={RECORDING_MESSAGES.noUnits} links={[{ to: links.purchasePackage, label: "购买录屏保全套餐" }]} />
  ) : (
    datas && <Alert type="info" showIcon message={`可用录屏保全次数 ${remaining} 次（套餐 ${RECORDING_PACKAGE_CODE}）；每次录屏扣减一次，放弃录制或录制失败不扣次数。`} />
  );
  return { notice, canRecord: remaining > 0 && !missing, reload: () => void query.refetch() };
}
