import { Alert, Progress, Space, Typography } from "antd";
import type { UploadProgress } from "../../recording/upload-queue";
import { formatFileSize } from "../../schema/format";

/** Recorded against uploaded: the bar, the counts, and a retry or a failure in words. */
export function UploadProgressView({ progress }: { progress: UploadProgress }) {
  const percent = progress.recordedBytes > 0 ? Math.floor((progress.uploadedBytes / progress.recordedBytes) * 100) : 100;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Progress aria-label="上传进度" percent={percent} status={progress.failure ? "exception" : progress.uploadedChunks < progress.recordedChunks ? "active" : "normal"} />
      <Typography.Text data-testid="upload-counts">
        已录制 {formatFileSize(progress.recordedBytes)}（{progress.recordedChunks} 个分片），已上传 {formatFileSize(progress.uploadedBytes)}（{progress.uploadedChunks} 个分片）
      </Typography.Text>
      {progress.retrying && <Alert type="warning" showIcon message={`上传暂时中断：${progress.retrying}。已录制的内容保存在本浏览器中，不会丢失。`} />}
      {progress.failure && <Alert type="error" showIcon message={`上传已停止：${progress.failure}`} />}
    </Space>
  );
}
