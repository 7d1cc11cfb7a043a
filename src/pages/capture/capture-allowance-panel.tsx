import { Alert, Skeleton } from "antd";
import { PUBLIC_PAGE_PATHS } from "../../app/public-page-paths";
import { NoUnitsAlert } from "../../components/no-units-alert";
import { useAppLinks } from "../../providers/app-links-context";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { CAPTURE_CHARGE_SOURCE_LABELS, CAPTURE_ENDPOINTS, CAPTURE_MESSAGES, type CaptureAllowance } from "../../schema/capture";
import { formatDateTime } from "../../schema/format";

/**
 * The allowance of the holder (asked when the page opens and again after each submission), drawn
 * above the form; `canCapture` is false until it is known.
 */
export function useCaptureAllowance() {
  const { datas: answer, query } = useEndpointQuery(CAPTURE_ENDPOINTS.allowance, {});
  const datas = query.isSuccess ? answer : undefined;
  const notice = query.isLoading ? (
    <Skeleton active paragraph={{ rows: 1 }} />
  ) : query.error ? (
    <Alert type="error" showIcon message={query.error.message} />
  ) : (
    datas && <CaptureAllowancePanel allowance={datas} />
  );
  return { notice, canCapture: datas ? canCapture(datas) : false, reload: () => void query.refetch() };
}

/** Whether a new capture can be started with this allowance: the engine is there and a unit is left. */
export const canCapture = (allowance: CaptureAllowance) => allowance.engine.available && allowance.total > 0;

/**
 * Above a capture form: whether the platform's capture browser is available, and what each
 * capture will be charged to (a notarisation bundle's snapshots or the 快照保全 package); with
 * nothing left, where to get more.
 */
export function CaptureAllowancePanel({ allowance }: { allowance: CaptureAllowance }) {
  const links = useAppLinks();
  if (!allowance.engine.available) {
    return <Alert role="alert" type="error" showIcon message={CAPTURE_MESSAGES.engineUnavailable} description={allowance.engine.reason} />;
  }
  if (allowance.total <= 0) {
    return (
      <NoUnitsAlert
        message={CAPTURE_MESSAGES.noUnits}
        links={[
          { to: links.purchasePackage, label: "购买快照保全套餐" },
          { to: PUBLIC_PAGE_PATHS.notarizationActivity, label: "了解公证套餐" },
        ]}
      />
    );
  }
  const usableBundles = allowance.bundles.filter((bundle) => bundle.remaining > 0);
  return (
    <Alert
      type="info"
      showIcon
      message={`可用快照保全次数共 ${allowance.total} 次；每个网址扣减一次，取证失败或网址被拒绝不扣次数。`}
      description={
        <ul aria-label="扣减来源" style={{ margin: 0, paddingLeft: 20 }}>
          {usableBundles.map((bundle) => (
            <li key={bundle.id}>
              {CAPTURE_CHARGE_SOURCE_LABELS.bundle}：{bundle.name}，剩余 {bundle.remaining} 次（{formatDateTime(bundle.expiresAt)} 到期）
            </li>
          ))}
          {allowance.packageRemaining > 0 && (
            <li>
              {CAPTURE_CHARGE_SOURCE_LABELS.package}：剩余 {allowance.packageRemaining} 次
            </li>
          )}
        </ul>
      }
    />
  );
}
