import { Alert, Result } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useAppLinks } from "../../../providers/app-links-context";
import { useUserSession } from "../../../providers/session-context";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { bundleSizeFor } from "../../../schema/judicial-pay";
import { formatYuan } from "../../../schema/money";
import { NOTARIZATION_ENDPOINTS } from "../../../schema/notarization";
import { PURCHASE_ENDPOINTS, type PurchaseResult } from "../../../schema/purchase";
import { ProductPurchase, PURCHASE_TEXT } from "../../personal/expense/product-purchase";

/**
 * Notarisation bundles bought through the purchase call (spec §4, §5, §9). With ?application= the
 * bundle whose snapshot allowance covers that notarisation application's snapshots is chosen for
 * the buyer (spec §5: snapshots within 10, 30 or 50).
 */
export function BundlePanel({ applicationId }: { applicationId: number | null }) {
  const uid = useUserSession()?.id;
  const links = useAppLinks();
  const prices = useEndpointQuery(PURCHASE_ENDPOINTS.productPrices, { uid }, { enabled: uid !== undefined });
  const application = useEndpointQuery(NOTARIZATION_ENDPOINTS.detail, { id: applicationId ?? 0 }, { enabled: applicationId !== null, retry: false });
  const bundles = useMemo(() => (prices.datas?.list ?? []).filter((product) => product.kind === "bundle"), [prices.datas]);
  // refine answers an empty object until (or unless) the application arrives.
  const covered = application.datas?.evidence;
  const snapshots = covered ? covered.filter((item) => item.kind === "snapshot").length : null;
  const fitting = snapshots === null ? null : bundleSizeFor(snapshots);
  const [chosen, setChosen] = useState<string | null>(null);
  const [bought, setBought] = useState<PurchaseResult | null>(null);
  useEffect(() => {
    const fits = bundles.find((product) => product.unitCount === fitting && product.priceFen !== null);
    if (fits) setChosen((current) => current ?? fits.code);
  }, [bundles, fitting]);

  if (bought) {
    return <Result status="success" title={PURCHASE_TEXT.bought} subTitle={`共支付 ${formatYuan(bought.totalFen)} 元，可在在线公证中使用。`} extra={<Link to={links.notarizationGuidance}>去申请在线公证</Link>} />;
  }
  const applicationNo = application.datas?.applicationNo;
  const notice = snapshots !== null && (
    <Alert
      type={fitting ? "success" : "warning"}
      showIcon
      message={fitting ? `公证申请 ${applicationNo} 含 ${snapshots} 条网页快照，已为您选择可覆盖的 ${fitting} 条快照套餐。` : `公证申请 ${applicationNo} 含 ${snapshots} 条网页快照，没有可覆盖的公证套餐，请改为支付公证费。`}
    />
  );
  return <ProductPurchase products={bundles} isLoading={prices.query.isLoading} chosen={chosen} onChoose={setChosen} onBought={setBought} notice={notice} />;
}
