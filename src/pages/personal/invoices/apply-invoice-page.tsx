import { Alert, App, Button, Card, Form, Input, Radio, Result, Select, Space, Typography } from "antd";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { RouterLinkButton } from "../../../components/router-link-button";
import { useUserSession } from "../../../providers/session-context";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { siblingPath, type SectionPageProps } from "../../../resources/derive";
import { describeFields } from "../../../resources/field-meta";
import {
  ApplyInvoiceSchema,
  INVOICE_ENDPOINTS,
  INVOICE_KIND_LABELS,
  INVOICE_KINDS,
  INVOICE_REMARK_MAX_LENGTH,
  type InvoiceableOrder,
  type InvoiceKind,
  type InvoiceTitle,
} from "../../../schema/invoice";
import { formatYuanWithCents } from "../../../schema/money";
import { schemaRule } from "../../kinds/schema-form";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { InvoiceOrdersTable } from "../../invoices/application-panels";
import { readChosenOrders, refusalState, totalFenOf } from "./chosen-orders";

const LABELS = Object.fromEntries(describeFields(ApplyInvoiceSchema).map((field) => [field.name, field.label]));
/** Every title and address of the account fits one page: the account keeps at most 20 of each. */
const ALL = { pageNumber: 1, pageSize: 50 } as const;
const FORM_FIELDS = ["invoiceKind", "titleId", "email", "addressId", "remark"];

export const SPECIAL_TITLE_HINT = "信息不完整，不能开专票";

interface ApplyFormValues {
  invoiceKind: InvoiceKind;
  titleId?: number;
  email: string;
  addressId?: number;
  remark: string;
}

/**
 * /personal/invoiceAdmin/invoicetoApply: the orders chosen on 可开票订单 with their total, the kind
 * of invoice, a title, and where it goes (an e-mail for the electronic 普票, a mailing address for
 * the paper 专票). Submitted, on to 开票申请已提交; refused by the server, on to the result page
 * that says why.
 */
export function ApplyInvoicePage({ route }: SectionPageProps) {
  const location = useLocation();
  const orders = readChosenOrders(location.state);
  const choose = siblingPath(route, "invoiceOrder");
  return (
    <SectionPageFrame route={route}>
      {orders ? (
        <ApplyForm route={route} orders={orders} />
      ) : (
        <Result status="info" title="请先选择要开票的订单" extra={choose && <RouterLinkButton type="primary" to={choose}>去选择订单</RouterLinkButton>} />
      )}
    </SectionPageFrame>
  );
}

function ApplyForm({ route, orders }: SectionPageProps & { orders: InvoiceableOrder[] }) {
  const [form] = Form.useForm<ApplyFormValues>();
  const user = useUserSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const apply = useEndpointMutation(INVOICE_ENDPOINTS.apply);
  const titles = useEndpointQuery(INVOICE_ENDPOINTS.listTitles, ALL);
  const addresses = useEndpointQuery(INVOICE_ENDPOINTS.listAddresses, ALL);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind = Form.useWatch("invoiceKind", form) ?? "normal";
  const values = (): Record<string, unknown> => ({ ...form.getFieldsValue(true), merchantOrderNos: orders.map((order) => order.merchantOrderNo) });
  const rule = (name: string) => schemaRule(ApplyInvoiceSchema, name, values);
  const path = (page: string) => siblingPath(route, page);

  async function submit() {
    setRefusal(null);
    const checked = ApplyInvoiceSchema.safeParse(values());
    if (!checked.success) return setRefusal(checked.error.issues[0].message);
    try {
      const application = await apply.send(checked.data);
      const success = path("invoiceSuccess");
      if (success) navigate(success, { replace: true, state: { applicationId: application.id } });
    } catch (error) {
      const answer = refusalOf(error);
      if (showOnFields(form, FORM_FIELDS, answer)) return;
      const failure = path("invoiceUnsuccess");
      if (failure) navigate(failure, { state: refusalState(answer.message, orders) });
      else message.error(answer.message);
    }
  }

  const titleOptions = (titles.datas?.list ?? []).map((title) => titleOption(title, kind));
  const addressOptions = (addresses.datas?.list ?? []).map((address) => ({ value: address.id, label: `${address.recipient} ${address.mobile} ${address.regionText} ${address.detail}` }));
  const addLink = (page: string, text: string) => {
    const to = path(page);
    return to && <Link to={to}>{text}</Link>;
  };

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card size="small" title={`开票订单（${orders.length} 笔）`} extra={<Typography.Text strong>开票金额：{formatYuanWithCents(totalFenOf(orders))} 元</Typography.Text>}>
        <InvoiceOrdersTable orders={orders} />
      </Card>
      <Form form={form} layout="vertical" initialValues={{ invoiceKind: "normal", email: user?.mail ?? "", remark: "" }} onFinish={() => void submit()} style={{ maxWidth: 560 }}>
        <Form.Item name="invoiceKind" label={LABELS.invoiceKind} required>
          <Radio.Group options={INVOICE_KINDS.map((value) => ({ value, label: INVOICE_KIND_LABELS[value] }))} onChange={() => form.setFieldValue("titleId", undefined)} />
        </Form.Item>
        <Form.Item label={LABELS.titleId} required extra={addLink("invoiceInfoDetail", "新增发票信息")}>
          {/* The schema's own message for a missing id says the title does not exist; nothing chosen yet asks for one. */}
          <Form.Item name="titleId" noStyle rules={[{ required: true, message: `请选择${LABELS.titleId}` }, rule("titleId")]}>
            <Select aria-label={LABELS.titleId} placeholder="请选择发票抬头" options={titleOptions} loading={titles.query.isLoading} notFoundContent="暂无发票抬头，请先新增" />
          </Form.Item>
        </Form.Item>
        {kind === "normal" ? (
          <Form.Item name="email" label={LABELS.email} required rules={[rule("email")]} extra="电子发票开具后发送到这个邮箱，也可以在发票列表中下载。">
            <Input inputMode="email" maxLength={100} />
          </Form.Item>
        ) : (
          <Form.Item label={LABELS.addressId} required extra={addLink("addressManagement", "管理收件地址")}>
            <Form.Item name="addressId" noStyle rules={[rule("addressId")]}>
              <Select aria-label={LABELS.addressId} placeholder="请选择收件地址" options={addressOptions} loading={addresses.query.isLoading} notFoundContent="暂无收件地址，请先新增" />
            </Form.Item>
          </Form.Item>
        )}
        <Form.Item name="remark" label={LABELS.remark} rules={[rule("remark")]}>
          <Input.TextArea rows={2} maxLength={INVOICE_REMARK_MAX_LENGTH} showCount />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={apply.mutation.isPending}>
          提交申请
        </Button>
      </Form>
    </Space>
  );
}

/** A title in the drop-down; for a 专票 only an organisation with every bank detail can be chosen. */
function titleOption(title: InvoiceTitle, kind: InvoiceKind) {
  const isDisabled = kind === "special" && !title.allowsSpecial;
  return {
    value: title.id,
    disabled: isDisabled,
    label: (
      <span>
        {title.name}
        {title.taxpayerId && <Typography.Text type="secondary"> {title.taxpayerId}</Typography.Text>}
        {isDisabled && <Typography.Text type="secondary">（{SPECIAL_TITLE_HINT}）</Typography.Text>}
      </span>
    ),
  };
}
