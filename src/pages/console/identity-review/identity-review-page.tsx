import { ProDescriptions } from "@ant-design/pro-components";
import { Alert, App, Button, Card, Col, Popconfirm, Result, Row, Skeleton, Space } from "antd";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useEndpointMutation, useEndpointQuery } from "../../../providers/use-endpoint";
import { pagePath, type SectionPageProps } from "../../../resources/derive";
import { describeFields, recordRows } from "../../../resources/field-meta";
import {
  APPLICATION_KIND_LABELS,
  ApplicationRefSchema,
  IDENTITY_REVIEW_ENDPOINTS,
  IdentityApplicationSchema,
  type ApplicationRef,
  type IdentityApplication,
} from "../../../schema/console/identity-review";
import { listPageAbove } from "../../kinds/record-links";
import { refusalOf } from "../../kinds/server-refusal";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { HistoryTimeline, LicencePhoto, ReviewStatusTag, VendorCheckPanel } from "./application-panels";
import { RejectDialog } from "./reject-dialog";

/** The facts shown as rows; kind, number and status are in the heading, the photo, check and history have their own panels. */
const FIELDS = describeFields(IdentityApplicationSchema, [
  "account",
  "displayName",
  "mobile",
  "mail",
  "realName",
  "idNumber",
  "enterpriseName",
  "institutionType",
  "certificateKind",
  "certificateNumber",
  "submitTime",
  "decideTime",
  "decidedBy",
  "rejectReason",
]);

/**
 * /console/review/identityApplications/dataList/review?kind=…&id=…: one application with everything
 * needed to decide it, and 通过 / 驳回 while it is pending; a decision returns to the list.
 */
export function IdentityReviewPage({ route }: SectionPageProps) {
  const [params] = useSearchParams();
  const ref = ApplicationRefSchema.safeParse({ kind: params.get("kind"), id: params.get("id") });
  const list = listPageAbove(route);
  const listPath = list ? pagePath(route, list) : null;
  const back = listPath && <Link to={listPath}>返回{list!.title}</Link>;
  return (
    <SectionPageFrame route={route} extra={back}>
      {ref.success ? <ApplicationReview application={ref.data} listPath={listPath} /> : <Result status="warning" title="未指定要审核的申请" extra={back} />}
    </SectionPageFrame>
  );
}

function ApplicationReview({ application, listPath }: { application: ApplicationRef; listPath: string | null }) {
  const { datas, query } = useEndpointQuery(IDENTITY_REVIEW_ENDPOINTS.one, application);
  if (query.isLoading) return <Skeleton active />;
  if (query.error || !datas) return <Alert type="error" showIcon message={query.error?.message ?? "认证申请不存在"} />;
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <ProDescriptions
            bordered
            column={1}
            title={
              <Space>
                {APPLICATION_KIND_LABELS[datas.kind]} · 申请 {datas.id}
                <ReviewStatusTag status={datas.status} />
              </Space>
            }
            columns={recordRows(FIELDS, datas).map((row) => ({ key: row.name, title: row.label, render: () => row.value }))}
          />
          {datas.kind === "organisation" && (
            <Card size="small" title="证照图片" style={{ marginTop: 16 }}>
              <LicencePhoto src={datas.licenceImage} />
            </Card>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="自动核验" style={{ marginBottom: 16 }}>
            <VendorCheckPanel check={datas.check} />
          </Card>
          <Card size="small" title="该客户的申请记录">
            <HistoryTimeline items={datas.history} />
          </Card>
        </Col>
      </Row>
      {datas.status === "pending" && <DecisionBar application={datas} listPath={listPath} onStale={() => void query.refetch()} />}
    </>
  );
}

/** 通过 (confirmed) and 驳回 (a reason first); success returns to the list with a message. */
function DecisionBar({ application, listPath, onStale }: { application: IdentityApplication; listPath: string | null; onStale: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const decide = useEndpointMutation(IDENTITY_REVIEW_ENDPOINTS.decide);
  const [isRejecting, setRejecting] = useState(false);
  const ref = { kind: application.kind, id: application.id };

  function done(text: string) {
    message.success(text);
    if (listPath) navigate(listPath);
  }

  /** A refusal naming no field (decided meanwhile by someone else): say so and show the application as it is now. */
  function failed(text: string) {
    setRejecting(false);
    message.error(text);
    onStale();
  }

  async function approve() {
    try {
      await decide.send({ ...ref, decision: "approve" });
      done(`已通过申请 ${application.id}，已通知用户`);
    } catch (error) {
      failed(refusalOf(error).message);
    }
  }

  async function reject(reason: string) {
    await decide.send({ ...ref, decision: "reject", reason });
    setRejecting(false);
    done(`已驳回申请 ${application.id}，已通知用户`);
  }

  return (
    <div style={{ marginTop: 24 }}>
      <Space>
        <Popconfirm title="确认通过该申请？" description="通过后立即生效，并以短信或邮件通知用户。" okText="通过" cancelText="取消" onConfirm={approve}>
          <Button type="primary" loading={decide.mutation.isPending}>
            通过
          </Button>
        </Popconfirm>
        <Button danger onClick={() => setRejecting(true)}>
          驳回
        </Button>
      </Space>
      {isRejecting && (
        <RejectDialog
          application={ref}
          onCancel={() => setRejecting(false)}
          onReject={reject}
          onFailed={failed}
        />
      )}
    </div>
  );
}
