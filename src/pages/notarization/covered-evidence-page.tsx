import { Space } from "antd";
import { Link } from "react-router";
import { useEndpointQuery } from "../../providers/use-endpoint";
import type { SectionPageProps } from "../../resources/derive";
import { NOTARIZATION_ENDPOINTS, NOTARIZED_SAVE_KINDS } from "../../schema/notarization";
import { ApplicationPage } from "./application-page";
import { useCertificateLinkCells } from "./certificate-link-cells";
import { CoveredEvidenceTable } from "./covered-evidence-table";
import { applicationHref } from "./notarization-links";

type SavedKind = (typeof NOTARIZED_SAVE_KINDS)[number];

/**
 * /judicial/notarization/evidenceSaveInfo/{file,text,hash,voucher,affair}?id=: the stored evidence
 * of one kind that the application covers, each linked to its certificate, with the other kinds a
 * click away.
 */
export default function CoveredEvidencePage({ route }: SectionPageProps) {
  const kind = route.page.path.split("/").at(-1) as SavedKind;
  return (
    <ApplicationPage route={route}>
      {(application) => (
        <>
          <Space wrap size="middle" aria-label="存证类型">
            {NOTARIZED_SAVE_KINDS.map((other) => {
              const page = route.section.pages.find((candidate) => candidate.path === `evidenceSaveInfo/${other}`)!;
              return other === kind ? <strong key={other}>{page.title}</strong> : <Link key={other} to={applicationHref(route, `evidenceSaveInfo/${other}`, application.id)}>{page.title}</Link>;
            })}
          </Space>
          <KindList id={application.id} kind={kind} />
        </>
      )}
    </ApplicationPage>
  );
}

function KindList({ id, kind }: { id: number; kind: SavedKind }) {
  const { datas, query } = useEndpointQuery(NOTARIZATION_ENDPOINTS.evidenceOfKind, { id, kind });
  const cells = useCertificateLinkCells();
  if (query.error) return <span role="alert">{query.error.message}</span>;
  return <CoveredEvidenceTable evidence={query.isSuccess ? datas! : []} cells={cells} loading={query.isLoading} />;
}
