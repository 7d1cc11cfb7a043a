import { Alert } from "antd";
import { ASSISTANT_NOT_CONNECTED } from "./legal-ai-content";

/** The clearly labelled notice every legal-AI page carries while no language model is configured. */
export function AssistantNotConnected() {
  return <Alert type="warning" showIcon message={ASSISTANT_NOT_CONNECTED.title} description={ASSISTANT_NOT_CONNECTED.description} />;
}
