import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { installChineseIssueMessages } from "./schema/issue-messages";

// zod's generic messages (a field left undefined, a wrong type) in Chinese, as on the server.
installChineseIssueMessages();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
