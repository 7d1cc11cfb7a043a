import { useNavigate } from "react-router";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { EvidenceForm } from "./evidence-form";
import { evidenceKindOf } from "./evidence-section";

/** /rights/<kind>/new: the rights confirmation form; once stored, on to the section's list. */
export default function RightsNewPage({ route }: SectionPageProps) {
  const navigate = useNavigate();
  const list = siblingPath(route, "dataList");
  return (
    <SectionPageFrame route={route}>
      <EvidenceForm kind={evidenceKindOf(route)} resource={route.resource} onStored={() => list && navigate(list)} />
    </SectionPageFrame>
  );
}
