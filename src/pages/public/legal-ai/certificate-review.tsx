import { Alert, Button, Card, Form, Input, List, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useLoadedEndpointQuery } from "../../../providers/use-endpoint";
import { CertificateNoSchema } from "../../../schema/certificate-no";
import { FACTOR_ANSWERS, LEGAL_AI_ENDPOINTS, type CertificateCheck } from "../../../schema/legal-ai";
import { CitationList } from "./citation-list";

const ANSWER_COLORS: Record<keyof typeof FACTOR_ANSWERS, string> = { answered: "green", partly: "orange", notAnswered: "default" };

/**
 * 证书审查: one of the user's own certificates held against the review factors of Art. 17 of
 * 人民法院在线诉讼规则, each with what the certificate can say about it and why, citing the rule.
 */
export function CertificateReview() {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [certificateNo, setCertificateNo] = useState<string | null>(null);
  const { datas: check, query } = useLoadedEndpointQuery(LEGAL_AI_ENDPOINTS.checkCertificate, { certificateNo: certificateNo ?? "" }, { enabled: certificateNo !== null });

  function submit() {
    const parsed = CertificateNoSchema.safeParse(typed);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "证书编号格式不正确");
    setProblem(null);
    setCertificateNo(parsed.data);
  }

  return (
    <Card title="证书审查" size="small">
      <Typography.Paragraph type="secondary">
        输入您本人的存证证书编号，助手对照《人民法院在线诉讼规则》第十七条的审查因素，说明这张证书能回答哪些、不能回答哪些。
      </Typography.Paragraph>
      <Form layout="inline" onFinish={submit}>
        <Form.Item label="证书编号" htmlFor="review-certificate-no" validateStatus={problem ? "error" : undefined} help={problem ?? undefined}>
          <Input id="review-certificate-no" value={typed} onChange={(event) => setTyped(event.target.value)} style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={query.isFetching}>
          审查
        </Button>
      </Form>
      {query.isError && <Alert type="error" showIcon message={query.error?.message} style={{ marginTop: 12 }} />}
      {check && !query.isError && <CheckResult check={check} />}
    </Card>
  );
}

function CheckResult({ check }: { check: CertificateCheck }) {
  return (
    <section aria-label="审查结果" style={{ marginTop: 16 }}>
      <Typography.Text strong>证书 {check.certificateNo} 的审查结果</Typography.Text>
      <List
        dataSource={check.factors}
        renderItem={(factor) => (
          <List.Item>
            <Space direction="vertical" size={4} style={{ width: "100%" }}>
              <Space wrap>
                <Typography.Text strong>
                  因素{factor.factor}：{factor.title}
                </Typography.Text>
                <Tag color={ANSWER_COLORS[factor.answer]}>{FACTOR_ANSWERS[factor.answer]}</Tag>
              </Space>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {factor.findings.map((finding) => (
                  <li key={finding}>{finding}</li>
                ))}
              </ul>
            </Space>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary">依据：</Typography.Text>
      <CitationList messageKey={`certificate-${check.certificateNo}`} citations={check.citation ? [check.citation] : []} showScores={false} />
    </section>
  );
}
