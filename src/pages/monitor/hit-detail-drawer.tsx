import { Alert, Descriptions, Drawer, Skeleton, Space, Tag } from "antd";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { HIT_EVIDENCE_COLORS, HIT_EVIDENCE_LABELS, HIT_REVIEW_LABELS, MATCH_TYPE_LABELS, MONITOR_ENDPOINTS } from "../../schema/monitor";
import { HitBasis } from "./hit-basis";

/** 查看依据: one hit as the server last judged it, with why it matched. */
export function HitDetailDrawer({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { datas, query } = useEndpointQuery(MONITOR_ENDPOINTS.hit, { id });
  const hit = query.isSuccess ? datas : undefined;
  return (
    <Drawer open width={880} title={`匹配依据：${title}`} onClose={onClose} destroyOnHidden>
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      {hit && (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="监测站点">{hit.siteName}</Descriptions.Item>
            <Descriptions.Item label="平台">{hit.platform}</Descriptions.Item>
            <Descriptions.Item label="匹配作品">{hit.workName ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="匹配方式">{MATCH_TYPE_LABELS[hit.matchType]}</Descriptions.Item>
            <Descriptions.Item label="相似度">{hit.score}</Descriptions.Item>
            <Descriptions.Item label="处理状态">{HIT_REVIEW_LABELS[hit.review]}</Descriptions.Item>
            <Descriptions.Item label="取证状态">
              <Tag color={HIT_EVIDENCE_COLORS[hit.evidenceState]}>{HIT_EVIDENCE_LABELS[hit.evidenceState]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="证书编号">{hit.certificateNo ?? "—"}</Descriptions.Item>
            {hit.evidenceFailure && <Descriptions.Item label="取证失败原因" span={2}>{hit.evidenceFailure}</Descriptions.Item>}
            {hit.reviewNote && <Descriptions.Item label="处理说明" span={2}>{hit.reviewNote}</Descriptions.Item>}
          </Descriptions>
          <HitBasis match={hit.match} />
        </Space>
      )}
    </Drawer>
  );
}
