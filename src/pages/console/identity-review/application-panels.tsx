import { Alert, Descriptions, Empty, Image, Tag, Timeline, Typography } from "antd";
import {
  CHECK_OUTCOME_LABELS,
  REVIEW_STATUS_LABELS,
  type ApplicationHistoryItem,
  type ReviewStatus,
  type VendorCheck,
} from "../../../schema/console/identity-review";

/** The parts of an application's review page beyond its fields: the licence photo, the vendor check, the history. */

const STATUS_COLORS: Record<ReviewStatus, string> = { pending: "processing", approved: "success", rejected: "error" };
const TIMELINE_COLORS: Record<ReviewStatus, string> = { pending: "blue", approved: "green", rejected: "red" };

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{REVIEW_STATUS_LABELS[status]}</Tag>;
}

/** The licence photo; a click opens antd's preview, which zooms and rotates. */
export function LicencePhoto({ src }: { src: string | null }) {
  if (!src) return <Alert type="warning" showIcon message="证照图片缺失：存储中找不到该申请的图片，请驳回并请用户重新上传" />;
  return (
    <div>
      <Image src={src} width={320} alt="证照图片" style={{ border: "1px solid #f0f0f0" }} preview={{ mask: "点击放大查看" }} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        点击图片放大，可用滚轮缩放、旋转，核对证件号码与名称。
      </Typography.Paragraph>
    </div>
  );
}

/** What the automatic vendor check said; it never decides by itself. */
export function VendorCheckPanel({ check }: { check: VendorCheck | null }) {
  if (!check) return <Alert type="info" showIcon message="本站未配置自动核验服务" description="请根据用户提交的资料人工核对。" />;
  const type = check.outcome === "passed" ? "success" : check.outcome === "failed" ? "error" : "info";
  return (
    <Alert
      type={type}
      showIcon
      message={`自动核验：${CHECK_OUTCOME_LABELS[check.outcome]}`}
      description={
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="说明">{check.note}</Descriptions.Item>
          <Descriptions.Item label="核验服务">{check.provider}</Descriptions.Item>
          <Descriptions.Item label="核验时间">{check.checkTime}</Descriptions.Item>
        </Descriptions>
      }
    />
  );
}

/** Every application of this customer and kind, oldest first, with each decision. */
export function HistoryTimeline({ items }: { items: readonly ApplicationHistoryItem[] }) {
  if (items.length === 0) return <Empty description="暂无申请记录" />;
  return (
    <Timeline
      items={items.map((item) => ({
        key: item.id,
        color: TIMELINE_COLORS[item.status],
        children: (
          <div aria-label={`申请 ${item.id}`}>
            <div>
              <Typography.Text strong>申请 {item.id}</Typography.Text> <ReviewStatusTag status={item.status} />
              {item.isCurrent && <Tag>当前申请</Tag>}
            </div>
            <div>
              {item.subjectName} · {item.certificateNumber}
            </div>
            <Typography.Text type="secondary">提交于 {item.submitTime}</Typography.Text>
            {item.decideTime && (
              <div>
                <Typography.Text type="secondary">
                  {item.decidedBy ?? "（未记录审核人）"} 于 {item.decideTime} {REVIEW_STATUS_LABELS[item.status]}
                </Typography.Text>
              </div>
            )}
            {item.rejectReason && <div>驳回原因：{item.rejectReason}</div>}
          </div>
        ),
      }))}
    />
  );
}
