import { Alert, Tabs } from "antd";
import { useSearchParams } from "react-router";
import { useUserSession } from "../../../providers/session-context";
import { isSubAccount } from "../../../providers/session-rules";
import type { SectionPageProps } from "../../../resources/derive";
import { JUDICIAL_PAY_PARAMS } from "../../../schema/judicial-pay";
import { ACCOUNT_LIMIT_MESSAGES, AccountLimitCode } from "../../../schema/billing";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { AppraisalFeePanel } from "./appraisal-fee-panel";
import { BundlePanel } from "./bundle-panel";

const idParam = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/**
 * /judicial/judicialPay/addJudicialPay: pay an appraisal's quoted fee from the balance, or buy a
 * notarisation bundle. ?commission= opens the fee with that commission chosen; ?application= opens
 * the bundles with the one that fits that notarisation application chosen.
 */
export function AddJudicialPayPage({ route }: SectionPageProps) {
  const [search] = useSearchParams();
  const user = useUserSession();
  const commission = idParam(search.get(JUDICIAL_PAY_PARAMS.commission));
  const application = idParam(search.get(JUDICIAL_PAY_PARAMS.application));
  return (
    <SectionPageFrame route={route}>
      {isSubAccount(user) ? (
        <Alert type="warning" showIcon message={ACCOUNT_LIMIT_MESSAGES[AccountLimitCode.subAccountNotAllowed]} />
      ) : (
        <Tabs
          defaultActiveKey={application !== null ? "bundle" : "appraisal"}
          items={[
            { key: "appraisal", label: "司法鉴定费", children: <AppraisalFeePanel preselected={commission} /> },
            { key: "bundle", label: "公证套餐", children: <BundlePanel applicationId={application} /> },
          ]}
        />
      )}
    </SectionPageFrame>
  );
}
