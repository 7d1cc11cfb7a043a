import { Alert, App, Card, Typography } from "antd";
import { useNavigate } from "react-router";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { siblingPath } from "../../resources/derive";
import type { ListSlotProps, PageSlots } from "../../resources/types";
import { LIVE_RECORD_ENDPOINTS, LiveRecordStartSchema } from "../../schema/live-record";
import { SchemaForm } from "../kinds/schema-form";
import { useRecordingAllowance } from "../recording/recording-allowance";
import { refusalOf } from "../kinds/server-refusal";

/**
 * liveRecord's guidance page starts a live recording (spec §2: the section has no new page): the
 * stream, the duration and the name, sent to the server, which records with ffmpeg. Closed with
 * the reason when this server has no ffmpeg.
 */
function LiveRecordStart({ route }: ListSlotProps) {
  const { notice, canRecord } = useRecordingAllowance("ffmpeg");
  const { send } = useEndpointMutation(LIVE_RECORD_ENDPOINTS.start);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = siblingPath(route, "dataList");
  return (
    <Card title="开始直播取证" size="small">
      <Typography.Paragraph type="secondary">
        支持 http(s) 的 HLS（.m3u8）、HTTP-FLV 与媒体文件地址；rtmp 仅限平台管理员允许的主机。平台服务器按原样录制直播流（不重新编码），到设定时长或直播结束时自动封存上链。
      </Typography.Paragraph>
      <div style={{ marginBottom: 12 }}>{notice}</div>
      <SchemaForm
        schema={LiveRecordStartSchema}
        submitLabel="开始录制"
        disabled={!canRecord}
        initialValues={{ minutes: 10 }}
        onSubmit={async (values) => {
          try {
            await send(values as Parameters<typeof send>[0]);
            message.success("直播录制已开始，可在取证列表查看进度");
            if (list) navigate(list);
            return null;
          } catch (error) {
            return refusalOf(error);
          }
        }}
      />
    </Card>
  );
}

const slots: PageSlots = { panel: LiveRecordStart };
export default slots;
