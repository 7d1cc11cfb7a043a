import { Alert, Button, Card, Form, Input, Result, Space, Spin } from "antd";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { FactList } from "../../../components/fact-list";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import { describeFields, recordRows } from "../../../resources/field-meta";
import { NOTARIAL_CERTIFICATE_ENDPOINTS, NOTARIAL_CERTIFICATE_QUERY, NotarialCertificatePublicSchema, NotarialCertificateQuerySchema, type NotarialCertificatePublic } from "../../../schema/notarial-certificate";
import { CheckList, type ShownCheck } from "../../../verification/check-list";
import { checkNotarialEntry } from "../../../verification/notarial-entry-check";
import { usePlatformKey } from "../../../verification/use-platform-key";

const FACTS = describeFields(NotarialCertificatePublicSchema, ["certificateNo", "officeName", "issueTime", "applicantName", "evidenceCount", "sha256", "ledgerIndex"]);

/** The server's three checks, each named for what it proves. */
function serverChecks({ verdict }: NotarialCertificatePublic): ShownCheck[] {
  const item = (id: string, name: string, isPass: boolean, pass: string, fail: string): ShownCheck => ({ id, name, status: isPass ? "pass" : "fail", reason: isPass ? pass : fail });
  return [
    item("digest", "公证书文件摘要与账本记录一致", verdict.digestMatches, "平台重新计算存储的公证书 PDF 的 SHA-256，与出证时记入账本的一致", "存储的公证书文件与出证时记入账本的摘要不一致，文件可能已被改动"),
    item("on-ledger", "出证记录已记入账本", verdict.onLedger, "出证记录包含在最新的签名检查点中", "出证记录尚未包含在签名检查点中"),
    item("seal", "公证处电子印章有效", verdict.sealValid, "公证书的电子签章可由公证处的印章证书验证", "公证书的电子签章无法验证"),
  ];
}

/**
 * /info/notaryCertificate (issue 17): a notarial certificate looked up by its number (prefilled and
 * run from the QR code's `?certificateNo=`): office, time, masked applicant, evidence count, the
 * server's verdict, and, where the answer carries the ledger entry and its proof, the same ledger
 * checks computed in this browser against the platform key.
 */
export default function NotarialCertificatePanel() {
  const [params, setParams] = useSearchParams();
  const asked = params.get(NOTARIAL_CERTIFICATE_QUERY) ?? "";
  const [form] = Form.useForm<{ certificateNo: string }>();
  const { datas, query } = useEndpointQuery(NOTARIAL_CERTIFICATE_ENDPOINTS.query, { certificateNo: asked }, { enabled: asked !== "" });

  function submit() {
    const checked = NotarialCertificateQuerySchema.safeParse({ certificateNo: form.getFieldValue("certificateNo") ?? "" });
    if (!checked.success) return form.setFields([{ name: "certificateNo", errors: [checked.error.issues[0].message] }]);
    setParams({ [NOTARIAL_CERTIFICATE_QUERY]: checked.data.certificateNo });
  }

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>查询公证书</h2>}>
        <Form form={form} layout="inline" initialValues={{ certificateNo: asked }} onFinish={submit} aria-label="查询公证书">
          <Form.Item name="certificateNo" label="公证书编号" style={{ minWidth: 360 }}>
            <Input placeholder="公证书上印有的编号，以 GZ 开头" allowClear maxLength={40} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={query.isFetching}>
            查询
          </Button>
        </Form>
      </Card>
      {asked !== "" && query.isLoading && <Spin />}
      {asked !== "" && query.error && <Alert type="error" showIcon message="未能查询" description={query.error.message} data-testid="notarial-not-found" />}
      {asked !== "" && query.isSuccess && datas && <QueryResult answer={datas} />}
    </Space>
  );
}

function QueryResult({ answer }: { answer: NotarialCertificatePublic }) {
  const platformKey = usePlatformKey();
  const browser = useMemo(
    () =>
      answer.entry && answer.proofBundle && platformKey.status === "ready"
        ? checkNotarialEntry({ entry: answer.entry, proofBundle: answer.proofBundle, certificateNo: answer.certificateNo, sha256: answer.sha256, verifierKeys: [platformKey.key] })
        : null,
    [answer, platformKey],
  );
  const server = serverChecks(answer);
  const isServerOk = server.every((check) => check.status === "pass");
  const ok = isServerOk && (browser === null || browser.ok);
  return (
    <Card data-testid="notarial-result" data-ok={ok}>
      <Result status={ok ? "success" : "error"} title={ok ? "公证书核验通过" : "公证书核验未通过"} subTitle={ok ? "该公证书由下列公证处出具，文件与账本记录一致，电子印章有效。" : "有检查未通过，详见下方各项原因；请向出具公证书的公证处核实。"} />
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Card type="inner" title="公证书信息">
          <FactList items={recordRows(FACTS, answer).map((row) => ({ key: row.name, label: row.label, children: row.value }))} />
        </Card>
        <Card type="inner" title="平台核验">
          <CheckList checks={server} />
        </Card>
        <Card type="inner" title="浏览器核验（在本机计算）">
          {browser ? (
            <CheckList checks={browser.checks} />
          ) : platformKey.status === "error" ? (
            <Alert type="error" showIcon message="无法获取平台公钥，浏览器未能核验账本证明" description={platformKey.message} />
          ) : (
            <Alert type="info" showIcon message={answer.entry ? "正在获取平台公钥…" : "查询结果未附出证记录的账本证明，浏览器未能自行核验账本。"} />
          )}
        </Card>
      </Space>
    </Card>
  );
}
