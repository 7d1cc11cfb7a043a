import { Space } from "antd";
import { Link } from "react-router";
import { SignedDownloadButton } from "../../components/signed-download";
import type { PageSlots, RowActionsProps } from "../../resources/types";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../schema/notary-console";
import { certificateFile } from "../notarization/notarial-certificate-file";
import { requestHref } from "./request-links";

/** An issued certificate's application, and the certificate itself. */
function IssuedRowActions({ route, record }: RowActionsProps) {
  return (
    <Space size={12}>
      <Link to={requestHref(route, "requestContent", Number(record.id))}>查看申请</Link>
      <SignedDownloadButton endpoint={NOTARY_CONSOLE_ENDPOINTS.downloadCertificate} params={{ id: Number(record.id) }} file={certificateFile(String(record.applicationNo))}>
        下载
      </SignedDownloadButton>
    </Space>
  );
}

const slots: PageSlots = { rowActions: IssuedRowActions };
export default slots;
