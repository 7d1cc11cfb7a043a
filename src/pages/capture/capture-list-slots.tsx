import { Button, Space, Tag } from "antd";
import { Link } from "react-router";
import type { ListRecord, PageSlots, RowActionsProps } from "../../resources/types";
import { CAPTURE_STATE_COLORS, type CaptureRecord } from "../../schema/capture";
import { pageBelow, recordHref, recordPageBelow } from "../kinds/record-links";
import { captureStateText, isCaptureActive } from "./capture-state";
import { useCaptureAction } from "./use-capture-action";

/**
 * What the capture lists (snapshotRecord and totalEvidenceTaken) add to the generic list: each
 * row's next step by its state (证书, 重试, 复核), the stage of a running capture in its state
 * cell, and a list that reads itself again while any capture is still going.
 */

const asCapture = (record: ListRecord) => record as unknown as CaptureRecord;

function CaptureRowActions({ route, record, refresh }: RowActionsProps) {
  const capture = asCapture(record);
  const retry = useCaptureAction("retry");
  const certificate = recordPageBelow(route);
  const review = pageBelow(route, "review");
  return (
    <Space size="small" wrap>
      {capture.state === "sealed" && certificate && <Link to={recordHref(route, certificate, capture.id)}>证书</Link>}
      {capture.state === "needsReview" && review && <Link to={recordHref(route, review, capture.id)}>复核</Link>}
      {capture.state === "failed" && (
        <>
          <Button type="link" size="small" style={{ padding: 0 }} loading={retry.isPending} onClick={async () => (await retry.run(capture.id)) && refresh()}>
            重试
          </Button>
          {review && <Link to={recordHref(route, review, capture.id)}>详情</Link>}
        </>
      )}
    </Space>
  );
}

const slots: PageSlots = {
  rowActions: CaptureRowActions,
  cells: {
    state: (_value, record) => {
      const capture = asCapture(record);
      return <Tag color={CAPTURE_STATE_COLORS[capture.state]}>{captureStateText(capture)}</Tag>;
    },
  },
  isSettling: (record) => isCaptureActive(asCapture(record)),
};
export default slots;
