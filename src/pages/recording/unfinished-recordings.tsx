import type { HttpError } from "@refinedev/core";
import { Alert, App, Button, Card, Popconfirm, Space, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import type { StoredRecording } from "../../recording/chunk-store";
import { ChunkUploadQueue, type UploadProgress } from "../../recording/upload-queue";
import { ResultCode } from "../../schema/envelope";
import { formatDateTime } from "../../schema/format";
import type { RecordingRecord } from "../../schema/recording";
import type { RecordingCalls } from "./use-recording-calls";
import { UploadProgressView } from "./upload-progress-view";

/**
 * Recordings this browser started and did not finish (the page was reloaded or closed while
 * recording): their kept chunks are uploaded again from where the server is, and the holder ends
 * (结束并封存) or throws away (放弃) each one.
 */
export function UnfinishedRecordings({ calls, onSealing }: { calls: RecordingCalls; onSealing: (record: RecordingRecord) => void }) {
  const [recordings, setRecordings] = useState<StoredRecording[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void calls.store
      ?.listRecordings()
      .then((all) => isCurrent && setRecordings(all.filter((recording) => recording.owner === calls.owner)))
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [calls]);
  const forget = (id: number) => setRecordings((current) => current.filter((recording) => recording.recordingId !== id));
  if (recordings.length === 0) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {recordings.map((recording) => (
        <UnfinishedRecording key={recording.recordingId} recording={recording} calls={calls} onDone={(record) => {
          forget(recording.recordingId);
          if (record) onSealing(record);
        }} />
      ))}
    </Space>
  );
}

function UnfinishedRecording({ recording, calls, onDone }: { recording: StoredRecording; calls: RecordingCalls; onDone: (record: RecordingRecord | null) => void }) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState<"stop" | "discard" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const queue = useMemo(
    () => new ChunkUploadQueue({ recordingId: recording.recordingId, store: calls.store!, transport: calls.calls.transport(recording.recordingId), onProgress: setProgress }),
    [calls, recording.recordingId],
  );

  useEffect(() => {
    let isCurrent = true;
    (async () => {
      // A recording the server no longer has, or has already ended with nothing left to send, is forgotten here.
      try {
        const state = await calls.calls.transport(recording.recordingId).uploadState();
        const kept = await calls.store!.listChunks(recording.recordingId);
        if (state.state !== "recording" && kept.every((chunk) => chunk.index < state.received)) {
          await calls.store!.removeRecording(recording.recordingId);
          if (isCurrent) onDone(null);
          return;
        }
      } catch (error) {
        if ((error as HttpError).statusCode === ResultCode.notFound) {
          await calls.store!.removeRecording(recording.recordingId);
          if (isCurrent) onDone(null);
          return;
        }
      }
      if (isCurrent) await queue.resume();
    })();
    return () => {
      isCurrent = false;
      queue.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queue]);

  async function finish() {
    setBusy("stop");
    setProblem(null);
    try {
      await queue.drain();
      const record = await calls.calls.stop(recording.recordingId);
      await calls.store!.removeRecording(recording.recordingId);
      onDone(record);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(null);
    }
  }

  async function discard() {
    setBusy("discard");
    try {
      queue.close();
      await calls.discard(recording.recordingId);
      await calls.store!.removeRecording(recording.recordingId);
      message.success("已放弃该录制，预扣的次数已退回");
      onDone(null);
    } catch (error) {
      setProblem((error as HttpError).message);
      setBusy(null);
    }
  }

  return (
    <Card role="region" aria-label={`未完成的录制：${recording.name}`} size="small" title={`未完成的录制：${recording.name}`} extra={<Typography.Text type="secondary">开始于 {formatDateTime(recording.startedAt)}</Typography.Text>}>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert type="warning" showIcon message="页面曾在录制中被刷新或关闭，录制已停止。本浏览器保存的分片正在继续上传；请选择结束并封存已录制的内容，或放弃这次录制。" />
        {progress ? <UploadProgressView progress={progress} /> : <Typography.Text type="secondary">正在核对服务器已收到的分片…</Typography.Text>}
        {problem && <Alert type="error" showIcon message={problem} />}
        <Space>
          <Button type="primary" loading={busy === "stop"} disabled={busy !== null} onClick={() => void finish()}>
            结束并封存
          </Button>
          <Popconfirm title="放弃后不会封存，已上传的内容也不会保存，确定放弃？" okText="放弃录制" cancelText="取消" onConfirm={() => void discard()}>
            <Button danger loading={busy === "discard"} disabled={busy !== null}>
              放弃
            </Button>
          </Popconfirm>
        </Space>
      </Space>
    </Card>
  );
}
