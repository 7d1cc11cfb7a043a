import { Alert, Result, Space } from "antd";
import { useLocation } from "react-router";
import { z } from "zod";
import { RouterLinkButton } from "../../../components/router-link-button";
import { siblingPath, type SectionPageProps } from "../../../resources/derive";
import { INVOICE_RESULT_TEXTS } from "../../../schema/invoice";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { chosenOrdersState, readRefusal } from "./chosen-orders";

/**
 * invoiceSuccess / invoiceUnsuccess: the outcome of an application. Success leads to the records;
 * failure says the server's reason and leads back to the form with the same orders, or to choose again.
 */
export function ApplyResultPage({ route, outcome }: SectionPageProps & { outcome: "success" | "failure" }) {
  const { state } = useLocation();
  const records = siblingPath(route, "invoicetoRecord");
  const orders = siblingPath(route, "invoiceOrder");
  const apply = siblingPath(route, "invoicetoApply");
  const texts = INVOICE_RESULT_TEXTS[outcome];
  const refusal = readRefusal(state);
  const applicationId = z.object({ applicationId: z.number() }).safeParse(state);

  const extra =
    outcome === "success" ? (
      <Space>
        {records && <RouterLinkButton type="primary" to={records}>查看开票记录</RouterLinkButton>}
        {orders && <RouterLinkButton to={orders}>继续开票</RouterLinkButton>}
      </Space>
    ) : (
      <Space>
        {/* Back to the form with the same orders, when the page knows them. */}
        {apply && refusal && (
          <RouterLinkButton type="primary" to={apply} state={chosenOrdersState(refusal.orders)}>
            返回修改
          </RouterLinkButton>
        )}
        {orders && <RouterLinkButton to={orders}>重新选择订单</RouterLinkButton>}
        {records && <RouterLinkButton to={records}>查看开票记录</RouterLinkButton>}
      </Space>
    );

  return (
    <SectionPageFrame route={route}>
      <Result
        status={outcome === "success" ? "success" : "error"}
        title={texts.title}
        subTitle={applicationId.success ? `申请编号 ${applicationId.data.applicationId}。${texts.description}` : texts.description}
        extra={extra}
      >
        {refusal && <Alert type="error" showIcon message="未能提交的原因" description={refusal.reason} />}
      </Result>
    </SectionPageFrame>
  );
}
