import type { SectionPageProps } from "../../resources/derive";
import { RecordPage } from "./record-page";
import { CertificatePanel } from "../certificate/certificate-panel";

/** The certificate kind (spec §2 dataList/Certificate): every field of the record, then its PDF and checks. */
export default function CertificatePage({ route }: SectionPageProps) {
  return <RecordPage route={route} renderExtra={(record) => <CertificatePanel record={record} idParam={route.section.idParam ?? "id"} />} />;
}
