import type { HttpError } from "@refinedev/core";
import { Alert, Spin } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { RECORDING_STATE_LABELS, type RecordingRecord } from "../../schema/recording";
import type { RecordingCalls } from "./use-recording-calls";

/** Sealing takes seconds: the page asks about once a second until the recording is sealed or failed. */
const SEALING_POLL_MS = 1000;

/** After stopping: 封存中 until the package is on the ledger, then 已存证 with the certificate. */
export function RecordingSealing({ record, calls, certificateHref }: { record: RecordingRecord; calls: RecordingCalls; certificateHref?: (id: number) => string }) {
  const [current, setCurrent] = useState(record);
  const [problem, setProblem] = useState<string | null>(null);
  const isSettled = current.state === "sealed" || current.state === "failed";
  useEffect(() => {
    if (isSettled) return;
    const timer = setTimeout(async () => {
      try {
        setCurrent(await calls.detail(current.id));
        setProblem(null);
      } catch (error) {
        setProblem((error as HttpError).message);
        setCurrent((value) => ({ ...value }));
      }
    }, SEALING_POLL_MS);
    return () => clearTimeout(timer);
  }, [calls, current, isSettled]);

  if (current.state === "sealed") {
    const href = certificateHref?.(current.id);
    return (
      <Alert
        role="status"
        type="success"
        showIcon
        message={`${RECORDING_STATE_LABELS.sealed}：录像已封存上链${current.certificateNo ? `，证书编号 ${current.certificateNo}` : ""}`}
        description={current.ending === "interrupted" ? "录制曾中断，证书载明已封存中断前收到的全部内容。" : undefined}
        action={href && <Link to={href}>查看取证证书</Link>}
      />
    );
  }
  if (current.state === "failed") return <Alert role="alert" type="error" showIcon message={`${RECORDING_STATE_LABELS.failed}：${current.failure ?? "原因未知"}`} description="取证失败不扣减次数。" />;
  return (
    <Alert
      role="status"
      type="info"
      showIcon
      icon={<Spin size="small" />}
      message={`${RECORDING_STATE_LABELS.sealing}：正在做最后一次锚定并生成取证包与证书`}
      description={problem ? `进度暂时无法获取：${problem}` : undefined}
    />
  );
}
