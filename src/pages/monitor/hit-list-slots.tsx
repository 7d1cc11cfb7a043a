import { Space, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useRecordAction } from "../kinds/use-record-action";
import { recordHref, recordPageBelow } from "../kinds/record-links";
import type { ListRecord, PageSlots, RowActionsProps } from "../../resources/types";
import { HIT_REVIEW_ACTION_LABELS, HIT_REVIEW_LIFECYCLE, MONITOR_ENDPOINTS, type HitReviewAction, type MonitorHitRow } from "../../schema/monitor";
import { HitDetailDrawer } from "./hit-detail-drawer";
import { HitReviewDialog } from "./hit-review-dialog";
import { MonitorPageLinks } from "./monitor-page-links";
import { channelPage } from "./monitor-route";
import { RowLinkButton } from "./row-link-button";

/**
 * What the hit lists (dataList, the prefixed lists, dataResults) add: each row's 查看依据, the
 * review actions its state allows, 重新取证 for a failed capture, 查看证书 once stored, the title
 * opening the source, and a list that reads itself again while a capture is under way.
 */

const asHit = (record: ListRecord) => record as unknown as MonitorHitRow;

function HitRowActions({ route, record, refresh }: RowActionsProps) {
  const hit = asHit(record);
  const [isShowingBasis, setShowingBasis] = useState(false);
  const [reviewing, setReviewing] = useState<HitReviewAction | null>(null);
  const retry = useRecordAction(MONITOR_ENDPOINTS.retryHitEvidence, "已重新开始取证");
  // A list of one channel has its certificate page below it; a task's results find their channel's.
  const certificate = recordPageBelow(route) ?? channelPage(route, hit.channel, (page) => page.kind === "certificate");
  return (
    <Space size="small" wrap>
      <RowLinkButton onClick={() => setShowingBasis(true)}>查看依据</RowLinkButton>
      {HIT_REVIEW_LIFECYCLE.actionsFrom(hit.review).map((action) => (
        <RowLinkButton key={action} danger={action === "confirm"} onClick={() => setReviewing(action)}>
          {HIT_REVIEW_ACTION_LABELS[action]}
        </RowLinkButton>
      ))}
      {hit.evidenceState === "failed" && (
        <RowLinkButton loading={retry.isPending} onClick={async () => (await retry.run(hit.id)) && refresh()}>
          重新取证
        </RowLinkButton>
      )}
      {hit.evidenceState === "stored" && hit.evidenceId !== null && certificate && <Link to={recordHref(route, certificate, hit.id)}>查看证书</Link>}
      {isShowingBasis && <HitDetailDrawer id={hit.id} title={hit.title} onClose={() => setShowingBasis(false)} />}
      {reviewing && (
        <HitReviewDialog
          id={hit.id}
          title={hit.title}
          action={reviewing}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            refresh();
          }}
        />
      )}
    </Space>
  );
}

const slots: PageSlots = {
  toolbar: ({ route }) => <MonitorPageLinks route={route} />,
  rowActions: HitRowActions,
  cells: {
    title: (_value, record) => {
      const hit = asHit(record);
      return (
        <Typography.Link href={hit.url} target="_blank" rel="noreferrer noopener" title={hit.url} ellipsis style={{ maxWidth: 280 }}>
          {hit.title}
        </Typography.Link>
      );
    },
  },
  isSettling: (record) => asHit(record).evidenceState === "capturing",
};
export default slots;
