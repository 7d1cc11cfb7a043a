import { Alert, Form, Radio, Select } from "antd";
import type { Rule } from "antd/es/form";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import type { BundleSize } from "../../schema/bundle";
import type { EvidenceKind } from "../../schema/evidence-entry";
import { formatArticleDate } from "../../schema/format";
import { formatYuan } from "../../schema/money";
import { NOTARIZATION_MESSAGES, NOTARIZATION_PAYMENT_LABELS, NOTARIZATION_PAYMENTS, type NotarizationPayment, type NotaryOffice } from "../../schema/notarization";
import type { OwnedBundle } from "../../schema/purchase";
import { bundleRuleMessage } from "./bundle-rule";

export interface PaymentContext {
  payment: NotarizationPayment | undefined;
  office: NotaryOffice | undefined;
  /** The account's bundles that can still be used (status active). */
  bundles: readonly OwnedBundle[];
  bundleId: number | undefined;
  kinds: readonly (EvidenceKind | null)[];
}

/** What stops the chosen payment from paying for this application now, by field; null when nothing does. */
export function paymentProblem({ payment, office, bundles, bundleId, kinds }: PaymentContext): { field: "bundleId" | "payment"; message: string } | null {
  if (payment === "fee") return office && office.feeFen === null ? { field: "payment", message: NOTARIZATION_MESSAGES.feeNotSet } : null;
  if (payment !== "bundle") return null;
  const bundle = bundles.find((candidate) => candidate.id === bundleId);
  if (!bundle) return { field: "bundleId", message: NOTARIZATION_MESSAGES.bundleRequired };
  const refusal = bundleRuleMessage(bundle.snapshotLimit as BundleSize, kinds);
  return refusal ? { field: "bundleId", message: refusal } : null;
}

const bundleLabel = (bundle: OwnedBundle) => `${bundle.name}（快照上限 ${bundle.snapshotLimit} 条，${formatArticleDate(bundle.expiresAt)}到期）`;

/**
 * 支付方式: a notarisation bundle (one of the account's active bundles, with the bundle use rule's
 * verdict on the chosen evidence as it changes) or the office's fee from the balance.
 */
export function PaymentFields({ context, rules }: { context: PaymentContext; rules: Record<"payment" | "bundleId", Rule[]> }) {
  const links = useAppLinks();
  const { payment, office, bundles, bundleId, kinds } = context;
  const bundle = bundles.find((candidate) => candidate.id === bundleId);
  const refusal = bundle ? bundleRuleMessage(bundle.snapshotLimit as BundleSize, kinds) : null;
  return (
    <>
      <Form.Item name="payment" label="支付方式" required rules={rules.payment}>
        <Radio.Group options={NOTARIZATION_PAYMENTS.map((value) => ({ value, label: NOTARIZATION_PAYMENT_LABELS[value] }))} />
      </Form.Item>
      {payment === "bundle" && (
        <>
          <Form.Item name="bundleId" label="公证套餐" rules={rules.bundleId} extra={bundles.length === 0 && <Link to={links.purchasePackage}>暂无可用的公证套餐，去购买</Link>}>
            <Select placeholder="选择一个可用的公证套餐" allowClear options={bundles.map((candidate) => ({ value: candidate.id, label: bundleLabel(candidate) }))} />
          </Form.Item>
          {bundle && (
            <Alert
              data-testid="bundle-rule"
              style={{ marginBottom: 24 }}
              type={refusal ? "warning" : "success"}
              showIcon
              message={refusal ?? `所选证据符合套餐使用规则：${kinds.length} 条网页快照，每条一个网页，不超过 ${bundle.snapshotLimit} 条。`}
              description="提交后套餐冻结；公证处驳回或您在审核开始前撤回，套餐恢复可用；审核通过后套餐计为已使用，并向您发送使用通知。"
            />
          )}
        </>
      )}
      {payment === "fee" && (
        <Alert
          style={{ marginBottom: 24 }}
          type={office?.feeFen === null ? "warning" : "info"}
          showIcon
          message={
            !office
              ? "请先选择公证处，公证费以公证处公布的为准。"
              : office.feeFen === null
                ? NOTARIZATION_MESSAGES.feeNotSet
                : `${office.name}公证费 ${formatYuan(office.feeFen)} 元/件：提交时从账户余额预扣，审核通过后结算；撤回或被驳回全额退回。`
          }
        />
      )}
    </>
  );
}
