import { Button, Popconfirm, Space } from "antd";
import { Link } from "react-router";
import { FileButtons } from "../../components/file-buttons";
import type { ListRecord, PageSlots, RowActionsProps } from "../../resources/types";
import { RECORDING_ENDPOINTS, RECORDING_FILES, type RecordingRecord } from "../../schema/recording";
import { recordHref, recordPageBelow } from "../kinds/record-links";
import { useRecordAction } from "../kinds/use-record-action";
import { useRecordingFiles } from "./recording-files";

/**
 * What the five recording lists add to the generic list: 证书 and 下载取证包 once sealed; 结束录制
 * (seal what the server has) and 放弃 (the unit back) while recording; a list that reads itself
 * again while any recording is recording or sealing.
 */

const asRecording = (record: ListRecord) => record as unknown as RecordingRecord;

function RecordingRowActions({ route, record, refresh }: RowActionsProps) {
  const recording = asRecording(record);
  const stop = useRecordAction(RECORDING_ENDPOINTS.stop, "已结束录制，正在封存");
  const discard = useRecordAction(RECORDING_ENDPOINTS.discard, "已放弃该录制，预扣的次数已退回");
  const files = useRecordingFiles();
  const certificate = recordPageBelow(route);
  if (recording.state === "sealed") {
    return (
      <Space size="small" wrap>
        {certificate && <Link to={recordHref(route, certificate, recording.id)}>证书</Link>}
        <FileButtons id={recording.id} name={recording.name} kinds={RECORDING_FILES} only={["package"]} files={files} size="small" />
      </Space>
    );
  }
  if (recording.state !== "recording") return null;
  return (
    <Space size="small" wrap>
      <Popconfirm title="结束后不再接收新的内容，并封存服务器已收到的部分，确定结束？" okText="结束录制" cancelText="取消" onConfirm={async () => (await stop.run(recording.id)) && refresh()}>
        <Button type="link" size="small" style={{ padding: 0 }} loading={stop.isPending}>
          结束录制
        </Button>
      </Popconfirm>
      <Popconfirm title="放弃后不会封存，确定放弃这次录制？" okText="放弃" cancelText="取消" onConfirm={async () => (await discard.run(recording.id)) && refresh()}>
        <Button type="link" size="small" danger style={{ padding: 0 }} loading={discard.isPending}>
          放弃
        </Button>
      </Popconfirm>
    </Space>
  );
}

const slots: PageSlots = {
  rowActions: RecordingRowActions,
  isSettling: (record) => {
    const { state } = asRecording(record);
    return state === "recording" || state === "sealing";
  },
};
export default slots;
