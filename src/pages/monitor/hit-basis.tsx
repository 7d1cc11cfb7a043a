import { Alert, Descriptions, Space, Table, Typography } from "antd";
import type { ReactNode } from "react";
import { imageVariantLabel, type HitMatch } from "../../schema/monitor";
import { commonWording, keywordSegments, type WordingSegment } from "./common-wording";

/**
 * Why a hit matched (src/schema/monitor.ts HitMatchSchema), in the figures a person can check:
 * a text's passages side by side with the shared wording marked, a picture's hash distances and
 * variant, a recording's similarity and offset, a video's matched frames, a keyword's snippets.
 */
export function HitBasis({ match }: { match: HitMatch }) {
  switch (match.kind) {
    case "text":
      return <TextBasis match={match} />;
    case "image":
    case "logo":
      return <ImageBasis match={match} />;
    case "audio":
      return (
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="音频地址">{sourceLink(match.mediaUrl)}</Descriptions.Item>
          <Descriptions.Item label="指纹相似度">{percent(match.similarity)}</Descriptions.Item>
          <Descriptions.Item label="在发现音频中的位置">第 {match.offsetSeconds.toFixed(1)} 秒起</Descriptions.Item>
          <Descriptions.Item label="相同时长">{match.matchedSeconds.toFixed(1)} 秒</Descriptions.Item>
        </Descriptions>
      );
    case "video":
      return (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="视频地址">{sourceLink(match.mediaUrl)}</Descriptions.Item>
            <Descriptions.Item label="关键帧匹配比例">{percent(match.matchedShare)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey={(frame) => `${frame.workSeconds}-${frame.foundSeconds}`}
            aria-label="匹配的关键帧"
            pagination={false}
            dataSource={match.frames}
            columns={[
              { key: "work", title: "作品中的时间", render: (_: unknown, frame) => seconds(frame.workSeconds) },
              { key: "found", title: "发现视频中的时间", render: (_: unknown, frame) => seconds(frame.foundSeconds) },
              { key: "distance", title: "哈希距离（64 位）", dataIndex: "distance" },
            ]}
          />
        </Space>
      );
    case "keyword":
      return (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Text>命中关键词：{match.keywords.join("、")}</Typography.Text>
          <ol aria-label="命中片段" style={{ paddingLeft: 20, margin: 0 }}>
            {match.snippets.map((snippet, index) => (
              <li key={index}>
                <Marked segments={keywordSegments(snippet, match.keywords)} />
              </li>
            ))}
          </ol>
        </Space>
      );
  }
}

function TextBasis({ match }: { match: Extract<HitMatch, { kind: "text" }> }) {
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="SimHash 汉明距离">{match.simhashDistance} / 64</Descriptions.Item>
        <Descriptions.Item label="相同段落覆盖作品">{percent(match.overlapRatio)}</Descriptions.Item>
      </Descriptions>
      {match.passages.length === 0 ? (
        <Alert type="info" showIcon message="未找到逐字相同的段落，按整体相似度判定" />
      ) : (
        <Table
          size="small"
          aria-label="相同段落"
          rowKey={(passage) => `${passage.workOffset}-${passage.foundOffset}`}
          pagination={false}
          dataSource={match.passages}
          columns={[
            { key: "work", title: "作品原文", width: "50%", render: (_: unknown, passage) => <PassageSide offset={passage.workOffset} segments={commonWording(passage.work, passage.found).work} /> },
            { key: "found", title: "发现页面", width: "50%", render: (_: unknown, passage) => <PassageSide offset={passage.foundOffset} segments={commonWording(passage.work, passage.found).found} /> },
          ]}
        />
      )}
      <Typography.Text type="secondary">标记部分为两处相同的文字，未标记部分为改动。</Typography.Text>
    </Space>
  );
}

function PassageSide({ offset, segments }: { offset: number; segments: WordingSegment[] }) {
  return (
    <>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        第 {offset + 1} 字起
      </Typography.Text>
      <div style={{ whiteSpace: "pre-wrap" }}>
        <Marked segments={segments} />
      </div>
    </>
  );
}

function ImageBasis({ match }: { match: Extract<HitMatch, { kind: "image" | "logo" }> }) {
  const region = match.region;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {/* Not shown from its site: the page's pictures are kept in the hit's web evidence, and
          loading them here would tell the site who looks (and the CSP refuses other origins). */}
      <Typography.Text type="secondary">发现的图片已随网页取证保存在证据包中，可在证书页查看截图或下载取证包。</Typography.Text>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="图片地址">{sourceLink(match.imageUrl)}</Descriptions.Item>
        <Descriptions.Item label="最接近的作品变体">{imageVariantLabel(match.variant)}</Descriptions.Item>
        {Object.entries(match.distances).map(([hash, distance]) => (
          <Descriptions.Item key={hash} label={`${hash} 距离（64 位）`}>
            {distance}
          </Descriptions.Item>
        ))}
        {region && <Descriptions.Item label="标识所在区域">{`左 ${region.left}、上 ${region.top}，${region.width} × ${region.height} 像素`}</Descriptions.Item>}
      </Descriptions>
    </Space>
  );
}

function Marked({ segments }: { segments: readonly WordingSegment[] }) {
  return (
    <>
      {segments.map((segment, index) => (segment.isShared ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}
    </>
  );
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const seconds = (value: number) => `${value.toFixed(1)} 秒`;
const sourceLink = (url: string): ReactNode => (
  <Typography.Link href={url} target="_blank" rel="noreferrer noopener" ellipsis>
    {url}
  </Typography.Link>
);
