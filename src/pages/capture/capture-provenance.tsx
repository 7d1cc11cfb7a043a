import { Empty, Table, Typography } from "antd";
import { FactList } from "../../components/fact-list";
import { BLOCKED_REQUEST_REASONS, PROVENANCE_LABELS, type CaptureOrigin, type CaptureProvenance } from "../../schema/capture";
import { formatDateTime, formatFileSize } from "../../schema/format";

/**
 * 取证环境与过程: what provenance.json of the package records, as a reader checks it: when, with
 * which software, from which node, every origin contacted with its addresses and TLS chain, the
 * redirects followed and the requests the capture browser refused.
 */
export function CaptureProvenanceSummary({ provenance }: { provenance: CaptureProvenance }) {
  const { software, node, options, resources } = provenance;
  return (
    <>
      <FactList
        labelWidth={112}
        items={[
          { key: "time", label: PROVENANCE_LABELS.time, children: `${formatDateTime(provenance.startedAt)} 至 ${formatDateTime(provenance.endedAt)}` },
          { key: "requested", label: PROVENANCE_LABELS.requestedUrl, children: <Typography.Text copyable>{provenance.requestedUrl}</Typography.Text> },
          { key: "final", label: PROVENANCE_LABELS.finalUrl, children: <Typography.Text copyable>{provenance.finalUrl}</Typography.Text> },
          { key: "title", label: PROVENANCE_LABELS.title, children: provenance.title || "（无标题）" },
          { key: "software", label: PROVENANCE_LABELS.software, children: `${software.platform} ${software.version}；${software.chromium}；${software.automation}；Node.js ${software.node}` },
          { key: "node", label: PROVENANCE_LABELS.node, children: `${node.hostname}；出口地址 ${node.localAddresses.join("、") || "未记录"}；公网地址 ${node.publicAddress ?? "未声明"}` },
          {
            key: "options",
            label: PROVENANCE_LABELS.options,
            children: `视口 ${options.viewport.width}×${options.viewport.height}；超时 ${options.timeoutMs / 1000} 秒；用户代理 ${options.userAgent}`,
          },
          { key: "resources", label: PROVENANCE_LABELS.resources, children: `共 ${resources.requests} 个，失败 ${resources.failed} 个，合计 ${formatFileSize(resources.bytes)}` },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {PROVENANCE_LABELS.origins}
      </Typography.Title>
      <Table<CaptureOrigin>
        aria-label={PROVENANCE_LABELS.origins}
        size="small"
        rowKey="origin"
        pagination={false}
        dataSource={provenance.origins}
        scroll={{ x: "max-content" }}
        columns={[
          { key: "origin", title: "站点", dataIndex: "origin" },
          { key: "addresses", title: "IP 地址", render: (_, origin) => origin.addresses.join("、") },
          { key: "dns", title: "DNS 应答", render: (_, origin) => origin.dns.map((answer) => `${answer.type} ${answer.value}`).join("、") || "—" },
          { key: "tls", title: "TLS", render: (_, origin) => <TlsSummary origin={origin} /> },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {PROVENANCE_LABELS.redirects}
      </Typography.Title>
      {provenance.redirects.length === 0 ? (
        <Typography.Text type="secondary">无</Typography.Text>
      ) : (
        <ol aria-label={PROVENANCE_LABELS.redirects}>
          {provenance.redirects.map((redirect, index) => (
            <li key={index}>
              {redirect.from} → {redirect.to}（{redirect.status}）
            </li>
          ))}
        </ol>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {PROVENANCE_LABELS.blocked}
      </Typography.Title>
      {provenance.blocked.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" />
      ) : (
        <ul aria-label={PROVENANCE_LABELS.blocked}>
          {provenance.blocked.map((blocked, index) => (
            <li key={index} style={{ wordBreak: "break-all" }}>
              {blocked.url}：{BLOCKED_REQUEST_REASONS[blocked.reason]}
              {blocked.detail && `（${blocked.detail}）`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The protocol and the leaf certificate as served; the whole chain (PEM) is in provenance.json. */
function TlsSummary({ origin }: { origin: CaptureOrigin }) {
  const { tls } = origin;
  if (!tls) return <>未加密（HTTP）</>;
  const leaf = tls.certificates[0];
  return (
    <div style={{ maxWidth: 520, wordBreak: "break-all" }}>
      <div>
        {tls.protocol} · {tls.cipher} · {tls.authorized ? "证书链验证通过" : `证书链未通过验证：${tls.authorizationError ?? "原因未知"}`}
      </div>
      {leaf && (
        <>
          <div>证书主体：{leaf.subject}</div>
          <div>签发者：{leaf.issuer}</div>
          <div>
            SHA-256 指纹：<Typography.Text code>{leaf.fingerprint256}</Typography.Text>
          </div>
        </>
      )}
    </div>
  );
}
