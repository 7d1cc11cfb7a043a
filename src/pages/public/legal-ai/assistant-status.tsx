import { Alert, Space } from "antd";
import { useLoadedEndpointQuery } from "../../../providers/use-endpoint";
import { EXTRACTIVE_LABEL, LEGAL_AI_ENDPOINTS, NOT_LEGAL_ADVICE } from "../../../schema/legal-ai";

/** What answers here: the configured model by name, or the extractive notice; and the hourly limit. */
export function AssistantStatus() {
  const { datas: status, query } = useLoadedEndpointQuery(LEGAL_AI_ENDPOINTS.getAssistantStatus, {});
  if (query.isError) return <Alert type="error" showIcon message={`助手状态获取失败：${query.error?.message ?? ""}`} />;
  if (!status) return null;
  const limit = `每个账号每小时最多提问 ${status.questionsPerHour} 次。`;
  return status.mode === "model" && status.modelName ? (
    <Alert type="success" showIcon message={`已接入大模型：${status.modelName}`} description={limit} />
  ) : (
    <Alert type="warning" showIcon message={EXTRACTIVE_LABEL} description={limit} />
  );
}

/** The statement every assistant page carries: the answers are not legal advice. */
export function NotLegalAdvice() {
  return <Alert type="info" showIcon message={NOT_LEGAL_ADVICE} />;
}

/** Status and the statement, as the top of the assistant's pages shows them. */
export function AssistantNotices() {
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <AssistantStatus />
      <NotLegalAdvice />
    </Space>
  );
}
