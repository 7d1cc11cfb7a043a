import type { SectionRoute } from "../../resources/derive";
import type { SubmittedEvidenceKind } from "../../schema/evidence-entry";

/** The kind of evidence the section of an evidence-storage or rights page keeps; a section without one is a mistake in the registry. */
export function evidenceKindOf(route: SectionRoute): SubmittedEvidenceKind {
  const kind = route.section.evidenceKind;
  if (!kind) throw new Error(`The section ${route.resource} keeps no kind of evidence`);
  return kind;
}
