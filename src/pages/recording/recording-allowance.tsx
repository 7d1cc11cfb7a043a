import { Alert, Skeleton } from "antd";
import { NoUnitsAlert } from "../../components/no-units-alert";
import { useAppLinks } from "../../providers/app-links-context";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { RECORDING_ENDPOINTS, RECORDING_MESSAGES, RECORDING_PACKAGE_CODE } from "../../schema/recording";

/** The holder's remaining 录屏保全 units (package 30002), drawn above the form, and what this server can record; `canRecord` is false until known. */
export function useRecordingAllowance() {
  const links = useAppLinks();
  const { datas: answer, query } = useEndpointQuery(RECORDING_ENDPOINTS.allowance, {});
  const datas = query.isSuccess ? answer : undefined;
  const remaining = datas?.packageRemaining ?? 0;
  const notice = query.isLoading ? (
    <Skeleton active paragraph={{ rows: 1 }} />
  ) : query.error ? (
    <Alert type="error" showIcon message={query.error.message} />
  ) : datas && remaining <= 0 ? (
    <NoUnitsAlert message={RECORDING_MESSAGES.noUnits} links={[{ to: links.purchasePackage, label: "购买录屏保全套餐" }]} />
  ) : (
    datas && <Alert type="info" showIcon message={`可用录屏保全次数 ${remaining} 次（套餐 ${RECORDING_PACKAGE_CODE}）；每次录屏扣减一次，放弃录制或录制失败不扣次数。`} />
  );
  return { notice, datas, canRecord: remaining > 0, reload: () => void query.refetch() };
}
