import { Link } from "react-router";
import type { SectionPageProps } from "../../resources/derive";
import { ApplicationPage } from "./application-page";
import { applicationHref } from "./notarization-links";
import { NotarizationTimeline } from "./notarization-timeline";

/** /judicial/notarization/progress?id=: the application's timeline, every state change with its time, actor, note and ledger entry. */
export default function ProgressPage({ route }: SectionPageProps) {
  return (
    <ApplicationPage route={route}>
      {(application) => (
        <>
          <NotarizationTimeline events={application.events} />
          {application.state !== "draft" && <Link to={applicationHref(route, "dataDetail", application.id)}>查看申请详情</Link>}
        </>
      )}
    </ApplicationPage>
  );
}
