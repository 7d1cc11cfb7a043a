import { Alert, Button, Drawer, Space, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useLoadedEndpointQuery } from "../../../providers/use-endpoint";
import { LEGAL_AI_ENDPOINTS, SOURCE_KINDS, SourceKindSchema, type LegalSource } from "../../../schema/legal-ai";
import { digestInBrowser } from "./source-digest";

/** The URL's `source=<kind>:<id>`, or null when absent or not a source kind. */
function readSourceParam(value: string | null) {
  if (!value) return null;
  const colon = value.indexOf(":");
  const kind = SourceKindSchema.safeParse(value.slice(0, colon));
  const sourceId = value.slice(colon + 1);
  return colon > 0 && kind.success && sourceId ? { sourceKind: kind.data, sourceId } : null;
}

/**
 * The full text of the source named by `?source=<kind>:<id>`, beside the conversation: a rule's
 * citation links here, and so does a shared link to it. The reader can recompute the text's
 * SHA-256 in the browser and see it match the server's.
 */
export function SourceDrawer() {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = readSourceParam(searchParams.get("source"));
  const { datas: source, query } = useLoadedEndpointQuery(LEGAL_AI_ENDPOINTS.getSource, wanted ?? { sourceKind: "rule", sourceId: "-" }, { enabled: wanted !== null });
  const close = () =>
    setSearchParams((params) => {
      params.delete("source");
      return params;
    });
  return (
    <Drawer open={wanted !== null} onClose={close} width={560} title={source?.label ?? "引用来源"} destroyOnHidden>
      {query.isError && <Alert type="error" showIcon message={query.error?.message} />}
      {query.isLoading && <Spin />}
      {source && <SourceText key={`${source.sourceKind}:${source.sourceId}`} source={source} />}
    </Drawer>
  );
}

function SourceText({ source }: { source: LegalSource }) {
  const [computed, setComputed] = useState<string | null>(null);
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Tag>{SOURCE_KINDS[source.sourceKind]}</Tag>
      <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{source.text}</Typography.Paragraph>
      <Typography.Text type="secondary">
        服务器给出的全文 SHA-256：<Typography.Text code copyable>{source.sha256}</Typography.Text>
      </Typography.Text>
      <Button onClick={() => void digestInBrowser(source.text).then(setComputed)}>在本机重新计算 SHA-256</Button>
      {computed && (
        <Alert
          type={computed === source.sha256 ? "success" : "error"}
          showIcon
          message={computed === source.sha256 ? "一致：本机计算的 SHA-256 与服务器给出的相同" : "不一致：本机计算的 SHA-256 与服务器给出的不同"}
          description={<Typography.Text code>{computed}</Typography.Text>}
        />
      )}
    </Space>
  );
}
