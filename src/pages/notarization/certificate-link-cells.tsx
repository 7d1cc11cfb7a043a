import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import type { CellRenderer } from "../../resources/types";
import { withRecordId } from "../kinds/record-links";

/** The applicant's view of covered evidence: each certificate number opens that evidence's certificate page. */
export function useCertificateLinkCells(): Readonly<Record<string, CellRenderer>> {
  const links = useAppLinks();
  return {
    certificateNo: (_value, record, text) => <Link to={withRecordId(links.evidenceCertificate, Number(record.evidenceId))}>{text}</Link>,
  };
}
