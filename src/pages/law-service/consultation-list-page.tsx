import { Badge, Space, Tabs, Typography } from "antd";
import { Link, useNavigate, useSearchParams } from "react-router";
import { pageData } from "../../resources/define";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import type { PageSlots, RowActionsProps, SectionData } from "../../resources/types";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { formatDateTime, formatRelativeTime } from "../../schema/format";
import { LAWYER_SERVICE_ENDPOINTS } from "../../schema/lawyer-service";
import { withRecordId } from "../kinds/record-links";
import { RecordList } from "../kinds/record-list";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { LawyerIntroductionButton } from "./lawyer-introduction-button";
import { NewConsultationButton } from "./new-consultation-drawer";

/** Which threads the list shows: those the account started, or (a lawyer's) those it was asked in. */
const BOX_PARAM = "box";
type Box = "mine" | "received";
const BOXES: Record<Box, { label: string; list: typeof LAWYER_SERVICE_ENDPOINTS.list; hidden: string }> = {
  mine: { label: "我发起的咨询", list: LAWYER_SERVICE_ENDPOINTS.list, hidden: "userName" },
  received: { label: "我收到的咨询", list: LAWYER_SERVICE_ENDPOINTS.receivedList, hidden: "lawyerName" },
};

/**
 * /lawService/wsLawyer/dataList: the account's consultations with their state and unread count,
 * newest news first; a lawyer has a second tab with the consultations they received. 发起咨询
 * opens the new consultation drawer; a row opens its thread.
 */
export default function ConsultationListPage({ route }: SectionPageProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mine = useEndpointQuery(LAWYER_SERVICE_ENDPOINTS.myProfile, {});
  const profile = mine.query.isSuccess ? mine.datas?.profile : undefined;
  const box: Box = profile && params.get(BOX_PARAM) === "received" ? "received" : "mine";
  const threadPath = siblingPath(route, "dataDetail")!;
  const section = pageData(route.section, route.page);
  const data: SectionData = { ...section, columns: section.columns?.filter((column) => column !== BOXES[box].hidden), endpoints: { ...section.endpoints, list: BOXES[box].list } };
  // A new box starts without the other box's page and filters.
  const switchBox = (next: string) => setParams(next === "received" ? { [BOX_PARAM]: next } : {}, { replace: true });

  return (
    <SectionPageFrame
      route={route}
      extra={
        <Space>
          {profile && <LawyerIntroductionButton profile={profile} />}
          <NewConsultationButton onCreated={(id) => navigate(withRecordId(threadPath, id))} />
        </Space>
      }
    >
      {profile && <Tabs activeKey={box} onChange={switchBox} items={(Object.keys(BOXES) as Box[]).map((key) => ({ key, label: BOXES[key].label }))} />}
      <RecordList key={box} route={route} data={data} slots={SLOTS} />
    </SectionPageFrame>
  );
}

function ThreadLink({ route, record }: RowActionsProps) {
  return <Link to={withRecordId(siblingPath(route, "dataDetail")!, String(record.id))}>进入咨询</Link>;
}

function unreadCell(value: unknown) {
  const count = Number(value);
  return count > 0 ? <Badge count={count} aria-label={`${count}条未读消息`} /> : <Typography.Text type="secondary">0</Typography.Text>;
}

function relativeTimeCell(value: unknown) {
  const time = Number(value);
  return <span title={formatDateTime(time)}>{formatRelativeTime(time)}</span>;
}

const SLOTS: PageSlots = { cells: { unreadCount: unreadCell, lastMessageTime: relativeTimeCell }, rowActions: ThreadLink };
