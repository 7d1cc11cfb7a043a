import { Card, Result } from "antd";
import { NotaryConsoleLayout } from "./notary-console-layout";

/**
 * /info/notaryRequests/*: reached only with a notary session (the navigation guard). Reviewing
 * requests needs the notarisation applications that users submit, which arrive with the
 * notarisation issue; until then the console says so rather than showing an empty or made-up list.
 */
export function NotaryRequestsPage() {
  return (
    <NotaryConsoleLayout>
      <Card style={{ maxWidth: 960, margin: "0 auto" }}>
        <Result
          status="info"
          title="公证申请审核即将开放"
          subTitle="用户在线提交公证申请的功能上线后，提交给贵处的申请会列在这里，供您查看内容、审核材料、出具证书和下载存证文件。目前平台尚未开放在线公证申请，因此这里还没有可审核的申请。"
        />
      </Card>
    </NotaryConsoleLayout>
  );
}
