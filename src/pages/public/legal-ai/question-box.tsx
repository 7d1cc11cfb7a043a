import { Button, Form, Input, Space } from "antd";
import { useState } from "react";
import { QUESTION_MAX_LENGTH, QuestionSchema } from "../../../schema/legal-ai";

/**
 * Where a signed-in user types a question: at most QUESTION_MAX_LENGTH characters with a counter,
 * checked by the contract's QuestionSchema before it is sent. `onAsk` answers whether the answer
 * was saved; only then is the box emptied, so a refused question stays to be sent again.
 */
export function QuestionBox({ isStreaming, onAsk, onStop }: { isStreaming: boolean; onAsk: (question: string) => Promise<boolean>; onStop: () => void }) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  async function send() {
    const checked = QuestionSchema.safeParse(text);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? "请输入问题");
    setProblem(null);
    if (await onAsk(checked.data)) setText("");
  }

  return (
    <Form layout="vertical" onFinish={() => void send()}>
      <Form.Item label="您的问题" htmlFor="legal-question" validateStatus={problem ? "error" : undefined} help={problem ?? undefined} style={{ marginBottom: 8 }}>
        <Input.TextArea
          id="legal-question"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={QUESTION_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder="例如：微信聊天记录截图能不能作为证据？怎样保存才更容易被法院采信？"
          disabled={isStreaming}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" disabled={isStreaming}>
          发送
        </Button>
        {isStreaming && (
          <Button danger onClick={onStop}>
            停止
          </Button>
        )}
      </Space>
    </Form>
  );
}
