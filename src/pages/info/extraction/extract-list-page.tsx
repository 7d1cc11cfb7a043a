// Not the registry's dataList kind: a public page outside the registry, for a third party whose
// extraction session (not a user) holds exactly the granted items, all on one page without paging.
// Its table is still the generic one (RecordTable) with columns labelled by the record schema.

import { CloudDownloadOutlined, LogoutOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { useEvidenceLibraryClient } from "../../../providers/evidence-library-client";
import { ExtractionCode, PACKAGE_MAX_ITEMS } from "../../../schema/evidence-library";
import { formatDateTime } from "../../../schema/format";
import { EXTRACT_LIST } from "../ledger-queries/extract-list";
import { usePackageDownload } from "../../evidences/use-package-download";
import { RecordTable } from "../../kinds/record-table";
import { extractedEvidenceColumns } from "./extracted-evidence-columns";

/**
 * /info/extractList: exactly the items the holder granted, with their digests and certificate
 * numbers, each downloadable (original, certificate PDF, ledger proof) or packed together.
 */
export function ExtractListPage() {
  const client = useEvidenceLibraryClient();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const { download, isPackaging } = usePackageDownload(client.extractPackage);
  const [loaded, setLoaded] = useState<{ data?: Awaited<ReturnType<typeof client.extractList>>; error?: HttpError } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    client.extractList().then(
      (data) => isCurrent && setLoaded({ data }),
      (error: HttpError) => isCurrent && setLoaded({ error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [client]);
  const columns = useMemo(() => extractedEvidenceColumns(client.extractItemUrl), [client]);
  const error = loaded?.error ?? null;

  async function logout() {
    await client.extractLogout().catch(() => undefined);
    navigate(PUBLIC_PAGE_PATHS.extractLogin);
  }

  let content;
  if (!loaded) content = <Skeleton active />;
  else if (error?.statusCode === ExtractionCode.sessionEnded)
    content = <Result status="info" title="请先登录" subTitle={error.message} extra={<Link to={PUBLIC_PAGE_PATHS.extractLogin}>去输入提取编号和提取码</Link>} />;
  else if (error) content = <Alert type="error" showIcon message={error.message} />;
  else {
    const { session, list } = loaded.data!;
    content = (
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Card>
          <Descriptions column={{ xs: 1, md: 4 }} size="small">
            <Descriptions.Item label="提取编号">{session.extractNo}</Descriptions.Item>
            <Descriptions.Item label="证据持有人">{session.holderName || "—"}</Descriptions.Item>
            <Descriptions.Item label="证据数">{list.length} 条</Descriptions.Item>
            <Descriptions.Item label="有效期至">{formatDateTime(session.expiresAt)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card
          title={<h2 style={{ margin: 0, fontSize: 20 }}>授权查看的证据</h2>}
          extra={
            <Space>
              <Button type="primary" icon={<CloudDownloadOutlined />} disabled={selected.length === 0 || selected.length > PACKAGE_MAX_ITEMS} loading={isPackaging} onClick={() => void download(selected)}>
                打包下载（{selected.length}）
              </Button>
              <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
                退出
              </Button>
            </Space>
          }
        >
          <RecordTable rowKey="id" columns={columns} records={list} tableLayout="fixed" selection={{ selected, onSelect: setSelected, columnWidth: 40 }} />
        </Card>
      </Space>
    );
  }

  return (
    <PublicPageLayout title={EXTRACT_LIST.title} lead={EXTRACT_LIST.lead}>
      {content}
    </PublicPageLayout>
  );
}
