import type { HttpError } from "@refinedev/core";
import { Alert, Button, Card, Space, Statistic, Typography } from "antd";
import { useEffect, useState } from "react";
import { formatClock } from "../../recording/browser-environment";
import type { ScreenRecording } from "../../recording/screen-recorder";
import type { UploadProgress } from "../../recording/upload-queue";
import { formatFileSize } from "../../schema/format";
import type { RecordingRecord } from "../../schema/recording";
import { UploadProgressView } from "./upload-progress-view";

/** While recording: the timer, the size recorded, the upload's progress and the stop button; then the wait for the last chunks. */
export function ActiveRecording({ recording, progress, onStopped }: { recording: ScreenRecording; progress: UploadProgress; onStopped: (record: RecordingRecord) => void }) {
  const [elapsed, setElapsed] = useState(0);
  const [isStopping, setStopping] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (isStopping) return;
    const timer = setInterval(() => setElapsed(recording.elapsedMs()), 250);
    return () => clearInterval(timer);
  }, [recording, isStopping]);

  async function stop() {
    setStopping(true);
    setProblem(null);
    try {
      onStopped(await recording.stop());
    } catch (error) {
      setProblem((error as HttpError).message);
    }
  }

  useEffect(() => {
    recording.onEnded = () => void stop();
    return () => {
      recording.onEnded = null;
    };
  });

  return (
    <Card role="region" aria-label="录屏" title={recording.record.name} extra={<Typography.Text type={isStopping ? "secondary" : "danger"}>{isStopping ? "正在结束录制" : "● 录制中"}</Typography.Text>}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Space size="large" wrap>
          <Statistic title="录制时长" value={formatClock(elapsed)} valueStyle={{ fontVariantNumeric: "tabular-nums" }} />
          <Statistic title="已录制" value={formatFileSize(progress.recordedBytes)} />
        </Space>
        <UploadProgressView progress={progress} />
        {isStopping && !problem && <Alert type="info" showIcon message="正在上传剩余的分片，上传完成后自动结束录制并封存，请不要关闭页面。" />}
        {problem && <Alert type="error" showIcon message={`结束录制未完成：${problem}`} description="已录制的内容保存在本浏览器中；刷新页面后可继续上传并结束录制。" />}
        <Button danger type="primary" size="large" loading={isStopping && !problem} disabled={isStopping && !problem} onClick={() => void stop()}>
          停止录制
        </Button>
      </Space>
    </Card>
  );
}
