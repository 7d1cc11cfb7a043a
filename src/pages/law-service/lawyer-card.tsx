import { Space, Tag, Typography } from "antd";
import { PRACTICE_AREA_LABELS, type LawyerProfile } from "../../schema/lawyer-service";

/** A lawyer as users choose them and both parties see them beside a thread: name, firm, practice areas, licence, introduction. */
export function LawyerCard({ lawyer }: { lawyer: LawyerProfile }) {
  return (
    <Space direction="vertical" size={4} style={{ width: "100%" }} aria-label={`律师 ${lawyer.displayName}`}>
      <Space size={8} wrap>
        <Typography.Text strong>{lawyer.displayName}</Typography.Text>
        <Typography.Text type="secondary">{lawyer.lawFirm}</Typography.Text>
      </Space>
      <Space size={[4, 4]} wrap>
        {lawyer.practiceAreas.map((area) => (
          <Tag key={area} color="blue">
            {PRACTICE_AREA_LABELS[area]}
          </Tag>
        ))}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        执业证号 {lawyer.licenceNo}
      </Typography.Text>
      {lawyer.introduction && <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }}>{lawyer.introduction}</Typography.Paragraph>}
    </Space>
  );
}
