import { CloudDownloadOutlined } from "@ant-design/icons";
import { Alert, Space } from "antd";
import { Link } from "react-router";
import { SignedDownloadLink } from "../../components/signed-download";
import type { SectionPageProps } from "../../resources/derive";
import type { RowActionsProps } from "../../resources/types";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../schema/notary-console";
import { RecordList } from "../kinds/record-list";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { requestHref } from "./request-links";

/**
 * /info/notaryRequests/download: the office's applications (filtered as on the request list), each
 * with its evidence package: every covered evidence's original or capture/recording package in one
 * ZIP, with manifest.json giving each file's SHA-256, certificate number and ledger index.
 */
export default function DownloadPage({ route }: SectionPageProps) {
  const requests = route.main.sections.find((section) => section.key === "requestList")!;
  return (
    <SectionPageFrame route={route}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="选择一份申请，下载其全部证据的压缩包（ZIP）：每条证据的原件或取证、录制证据包，以及记载每个文件 SHA-256、证书编号和账本序号的 manifest.json，可据此逐一核对。"
      />
      <RecordList route={{ ...route, section: requests, resource: `${route.resource}#requests` }} data={requests} slots={{ rowActions: PackageRowActions }} />
    </SectionPageFrame>
  );
}

function PackageRowActions({ route, record }: RowActionsProps) {
  return (
    <Space size={12}>
      <SignedDownloadLink endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadPackage} params={{ id: Number(record.id) }}>
        <CloudDownloadOutlined /> 下载证据包
      </SignedDownloadLink>
      <Link to={requestHref(route, "requestContent", Number(record.id))}>查看申请</Link>
    </Space>
  );
}
