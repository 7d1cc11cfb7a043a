import { useNavigate } from "react-router";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { EvidenceForm } from "./evidence-form";
import { useEvidenceRoute } from "./evidence-route";

/** /rights/<kind>/new: the rights confirmation form; once stored, on to the section's list. */
export default function RightsNewPage() {
  const { route, kind, pathOf } = useEvidenceRoute();
  const navigate = useNavigate();
  const list = pathOf("dataList");
  return (
    <SectionPageFrame route={route}>
      <EvidenceForm kind={kind} resource={route.resource} onStored={() => list && navigate(list)} />
    </SectionPageFrame>
  );
}
