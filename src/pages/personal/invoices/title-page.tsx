import { Alert, App, Button, Form, Skeleton, Space } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { siblingPath, type SectionPageProps } from "../../../resources/derive";
import { INVOICE_ENDPOINTS, INVOICE_MESSAGES, SaveTitleSchema, titleFieldsToKeep, type InvoiceTitle } from "../../../schema/invoice";
import { RECORD_ID_PARAM } from "../../kinds/record-links";
import { refusalOf, showOnFields } from "../../kinds/server-refusal";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { EMPTY_TITLE, TitleInputs, type TitleFormValues } from "./title-inputs";

/**
 * /personal/invoiceAdmin/invoiceInfoDetail: a new invoice title, or with `?id=` the title to edit;
 * saved, back to the list of titles.
 */
export function TitlePage({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const id = params.get(RECORD_ID_PARAM);
  return <SectionPageFrame route={route}>{id ? <EditTitle route={route} id={Number(id)} /> : <TitleForm route={route} initial={EMPTY_TITLE} />}</SectionPageFrame>;
}

function EditTitle({ route, id }: SectionPageProps & { id: number }) {
  const { datas, query } = useEndpointQuery(INVOICE_ENDPOINTS.getTitle, { id });
  if (query.isLoading) return <Skeleton active />;
  if (query.error || !datas) return <Alert type="error" showIcon message={query.error?.message ?? INVOICE_MESSAGES.titleNotFound} />;
  return <TitleForm route={route} id={id} initial={valuesOf(datas)} />;
}

function valuesOf(title: InvoiceTitle): TitleFormValues {
  const text = (value: string | null) => value ?? "";
  return {
    kind: title.kind,
    name: title.name,
    taxpayerId: text(title.taxpayerId),
    registeredAddress: text(title.registeredAddress),
    registeredPhone: text(title.registeredPhone),
    bankName: text(title.bankName),
    bankAccount: text(title.bankAccount),
  };
}

function TitleForm({ route, id, initial }: SectionPageProps & { id?: number; initial: TitleFormValues }) {
  const [form] = Form.useForm<TitleFormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useEndpointMutation(INVOICE_ENDPOINTS.saveTitle);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = siblingPath(route, "invoiceInfoList");

  async function submit() {
    setRefusal(null);
    const values = form.getFieldsValue(true);
    // A person's title is a name only: what the hidden organisation fields still hold is neither checked nor sent.
    const shown = values.kind === "person" ? { kind: values.kind, name: values.name } : values;
    const checked = SaveTitleSchema.safeParse({ ...shown, ...(id ? { id } : {}) });
    if (!checked.success) return setRefusal(checked.error.issues[0].message);
    try {
      await save.send(titleFieldsToKeep(checked.data));
      message.success(INVOICE_MESSAGES.saved);
      if (list) navigate(list);
    } catch (error) {
      const answer = refusalOf(error);
      if (!showOnFields(form, Object.keys(EMPTY_TITLE), answer)) setRefusal(answer.message);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()} style={{ maxWidth: 560 }}>
      <TitleInputs form={form} />
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.mutation.isPending}>
          保存
        </Button>
        {list && <Button onClick={() => navigate(list)}>取消</Button>}
      </Space>
    </Form>
  );
}
