import { pageData } from "../../resources/define";
import type { SectionPageProps } from "../../resources/derive";
import { RecordPage } from "./record-page";
import { CertificatePanel } from "../certificate/certificate-panel";

/** The certificate kind (spec §2 dataList/Certificate): every field of the record, then its PDF and checks. */
export default function CertificatePage({ route }: SectionPageProps) {
  const data = pageData(route.section, route.page);
  const idField = data.certificateIdField ?? data.idParam ?? "id";
  return <RecordPage route={route} renderExtra={(record) => <CertificatePanel record={record} idParam={idField} />} />;
}
