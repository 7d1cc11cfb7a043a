import { PaperClipOutlined, SendOutlined } from "@ant-design/icons";
import { Alert, Button, Input, Space, Upload, type UploadFile } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { CONSULTATION_ATTACHMENT_RULE, CONSULTATION_MESSAGES, LAWYER_SERVICE_ENDPOINTS, LAWYER_SERVICE_LIMITS } from "../../schema/lawyer-service";
import { findUploadProblem } from "../../schema/upload";
import { refusalOf } from "../kinds/server-refusal";

const newRequestKey = () => crypto.randomUUID();

/**
 * Writing to an open thread: text (up to 2000 characters) and/or up to five attachments, each
 * checked against the attachment rule before it is sent. A message keeps its request key until it
 * went through, so a retry after a lost answer is not posted twice.
 */
export function MessageComposer({ consultationId, onSent }: { consultationId: number; onSent: () => void }) {
  const { send } = useEndpointMutation(LAWYER_SERVICE_ENDPOINTS.post);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  function addFile(file: File) {
    const problem = findUploadProblem(file, CONSULTATION_ATTACHMENT_RULE);
    if (problem) setRefusal(problem.message);
    else if (files.length >= LAWYER_SERVICE_LIMITS.attachmentsPerMessage) setRefusal(`每条消息最多添加${LAWYER_SERVICE_LIMITS.attachmentsPerMessage}个附件`);
    else setFiles((previous) => [...previous, file]);
    return false;
  }

  async function sendMessage() {
    setRefusal(null);
    if (text.trim() === "" && files.length === 0) return setRefusal(CONSULTATION_MESSAGES.emptyMessage);
    setSending(true);
    try {
      await send({ id: consultationId, text, requestKey }, Object.fromEntries(files.map((file, index) => [`files${index}`, file])));
      setText("");
      setFiles([]);
      setRequestKey(newRequestKey());
      onSent();
    } catch (error) {
      setRefusal(refusalOf(error).message);
    } finally {
      setSending(false);
    }
  }

  const fileList: UploadFile[] = files.map((file, index) => ({ uid: String(index), name: file.name, status: "done" }));
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Input.TextArea
        aria-label="消息"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="输入消息，Ctrl+Enter 发送"
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={LAWYER_SERVICE_LIMITS.textMax}
        showCount
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void sendMessage();
        }}
      />
      {refusal && <Alert type="error" showIcon message={refusal} />}
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 12, marginTop: 8 }}>
        <Upload multiple beforeUpload={addFile} fileList={fileList} onRemove={(file) => setFiles((previous) => previous.filter((_, index) => String(index) !== file.uid))}>
          <Button icon={<PaperClipOutlined />}>添加附件</Button>
        </Upload>
        <Button type="primary" icon={<SendOutlined />} loading={isSending} onClick={sendMessage}>
          发送
        </Button>
      </div>
    </Space>
  );
}
