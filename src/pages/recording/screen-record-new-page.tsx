import { Alert, Button, Space, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { RecorderRefusal, ScreenRecording } from "../../recording/screen-recorder";
import { canRecordScreen } from "../../recording/browser-environment";
import type { UploadProgress } from "../../recording/upload-queue";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { RECORDING_MESSAGES, RECORDING_TIMESLICE_MS, ScreenRecordStartSchema, type RecordingRecord } from "../../schema/recording";
import { recordHref } from "../kinds/record-links";
import { SchemaForm } from "../kinds/schema-form";
import { refusalOf } from "../kinds/server-refusal";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { ActiveRecording } from "./active-recording";
import { useRecordingAllowance } from "./recording-allowance";
import { RecordingSealing } from "./recording-sealing";
import { UnfinishedRecordings } from "./unfinished-recordings";
import { useRecordingCalls } from "./use-recording-calls";

const FormSchema = ScreenRecordStartSchema.pick({ name: true, purpose: true });
const EMPTY_PROGRESS: UploadProgress = { recordedChunks: 0, recordedBytes: 0, uploadedChunks: 0, uploadedBytes: 0, retrying: null, failure: null };

/**
 * /evidenceTaken/screenRecord/new: the remaining 录屏保全 units, the form, then the recording itself
 * (timer, size, upload progress, stop) and its sealing until the certificate. Recordings this browser
 * left unfinished (a reload while recording) are offered above, their kept chunks uploading again.
 */
export default function ScreenRecordNewPage({ route }: SectionPageProps) {
  const allowance = useRecordingAllowance();
  const calls = useRecordingCalls();
  const [recording, setRecording] = useState<ScreenRecording | null>(null);
  const [progress, setProgress] = useState<UploadProgress>(EMPTY_PROGRESS);
  const [sealing, setSealing] = useState<RecordingRecord[]>([]);
  const certificatePage = route.section.pages.find((page) => page.kind === "certificate");
  const certificateHref = certificatePage ? (id: number) => recordHref(route, certificatePage, id) : undefined;
  const list = siblingPath(route, "dataList");
  const isSupported = canRecordScreen() && calls.store !== null;

  const sealingOf = (record: RecordingRecord) => {
    setSealing((current) => [record, ...current.filter((item) => item.id !== record.id)]);
    allowance.reload();
  };

  return (
    <SectionPageFrame route={route}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {allowance.notice}
        {!isSupported && <Alert role="alert" type="error" showIcon message={RECORDING_MESSAGES.browserUnsupported} />}
        <UnfinishedRecordings calls={calls} onSealing={sealingOf} />
        {sealing.map((record) => (
          <RecordingSealing key={record.id} record={record} calls={calls} certificateHref={certificateHref} />
        ))}
        {recording ? (
          <ActiveRecording
            recording={recording}
            progress={progress}
            onStopped={(record) => {
              setRecording(null);
              setProgress(EMPTY_PROGRESS);
              sealingOf(record);
            }}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              点击“开始录屏”后，浏览器会请您选择要共享的整个屏幕、窗口或标签页。录制内容每 {RECORDING_TIMESLICE_MS / 1000} 秒形成一个分片，先保存在本浏览器中，再按顺序上传；每个分片的摘要串成哈希链，至少每 30 秒上链锚定一次。
            </Typography.Paragraph>
            <SchemaForm
              schema={FormSchema}
              submitLabel="开始录屏"
              disabled={!allowance.canRecord || !isSupported}
              onSubmit={async (values) => {
                try {
                  const started = await ScreenRecording.begin({
                    name: values.name as string,
                    purpose: values.purpose as string | undefined,
                    owner: calls.owner,
                    calls: calls.calls,
                    store: calls.store!,
                    onProgress: setProgress,
                  });
                  setProgress(EMPTY_PROGRESS);
                  setRecording(started);
                  allowance.reload();
                  return null;
                } catch (error) {
                  allowance.reload();
                  return error instanceof RecorderRefusal ? { message: error.message } : refusalOf(error);
                }
              }}
            />
          </>
        )}
        {list && (
          <Link to={list}>查看录屏取证列表</Link>
        )}
      </Space>
    </SectionPageFrame>
  );
}
