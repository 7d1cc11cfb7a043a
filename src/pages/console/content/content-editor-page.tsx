import { Alert, App, Button, Col, Modal, Row, Skeleton, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { pagePath, type SectionPageProps } from "../../../resources/derive";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { PUBLICATION_STATES, type PublicationFields } from "../../../schema/console/publication";
import { RECORD_ID_PARAM } from "../../kinds/record-links";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { refusalOf } from "../../kinds/server-refusal";
import { ContentForm, type FormExtras } from "./content-form";
import { formValuesOf, type ContentKind } from "./content-kinds";
import type { ContentPreview } from "./content-previews";

type Values = Record<string, unknown>;

export interface ContentEditorProps extends SectionPageProps {
  kind: ContentKind<any>;
  Preview: ContentPreview;
  /** Drawn beside the form as it is typed; otherwise on request (the news preview asks the server). */
  isPreviewLive: boolean;
  /** The kind's own inputs and fields that do not apply, from the values being typed. */
  formExtras?: (values: Values) => FormExtras;
}

/**
 * The new and edit pages of a kind of content: with `?id=` the row's current values, without it a
 * new draft. Saving returns to the list; publishing is the list's business.
 */
export function ContentEditorPage(props: ContentEditorProps) {
  const [params] = useSearchParams();
  const id = params.get(RECORD_ID_PARAM);
  return <SectionPageFrame route={props.route}>{id ? <EditRow {...props} id={id} /> : <Editor {...props} initialValues={props.kind.blank()} />}</SectionPageFrame>;
}

function EditRow(props: ContentEditorProps & { id: string }) {
  const { datas, query } = useEndpointQuery(props.kind.endpoints.one, { id: props.id }, { gcTime: 0 });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!datas) return <Alert type="warning" showIcon message={query.error?.message ?? "内容暂时无法读取，请稍后刷新重试"} />;
  const record = datas as Values & PublicationFields;
  return <Editor {...props} record={record} initialValues={formValuesOf(props.kind, record)} />;
}

function Editor({ route, kind, Preview, isPreviewLive, formExtras, record, initialValues }: ContentEditorProps & { record?: PublicationFields; initialValues: Values }) {
  const [values, setValues] = useState<Values>(initialValues);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const create = useEndpointMutation(kind.endpoints.create);
  const update = useEndpointMutation(kind.endpoints.update);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = route.section.pages.find((page) => page.kind === "dataList");

  async function save(form: Values) {
    try {
      if (record) await update.send({ ...form, id: record.id } as never);
      else await create.send(form as never);
    } catch (error) {
      return refusalOf(error);
    }
    message.success(record ? `已保存：${kind.nameOf(form)}` : `已新建${kind.noun}草稿：${kind.nameOf(form)}`);
    if (list) navigate(pagePath(route, list));
    return null;
  }

  const form = <ContentForm kind={kind} extras={formExtras} initialValues={initialValues} submitLabel={record ? "保存" : "保存为草稿"} onSubmit={save} onChange={setValues} />;
  return (
    <>
      {record && (
        <Space style={{ marginBottom: 16 }}>
          <Tag color={record.state === "published" ? "success" : "default"}>{PUBLICATION_STATES[record.state]}</Tag>
          {record.state === "published" && <Typography.Text type="secondary">该内容已发布，保存后立即在前台生效。</Typography.Text>}
        </Space>
      )}
      {isPreviewLive ? (
        <Row gutter={32}>
          <Col xs={24} xl={10}>
            {form}
          </Col>
          <Col xs={24} xl={14}>
            <Typography.Title level={5}>预览</Typography.Title>
            <Preview values={values} />
          </Col>
        </Row>
      ) : (
        <>
          <Button onClick={() => setPreviewOpen(true)} style={{ marginBottom: 16 }}>
            预览
          </Button>
          {form}
          <Modal title="预览" open={isPreviewOpen} onCancel={() => setPreviewOpen(false)} footer={null} width={1040} destroyOnHidden>
            <Preview values={values} />
          </Modal>
        </>
      )}
    </>
  );
}
