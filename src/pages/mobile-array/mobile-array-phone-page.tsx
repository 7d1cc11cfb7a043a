import type { SectionPageProps } from "../../resources/derive";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { MobileArrayConsole } from "./mobile-array-page";

/**
 * /evidenceTaken/mobileArray/ifrmobile: the same array console as a phone acting as the controller
 * would show it, in a 390 px wide frame. It is this page drawn narrow, not a separate app.
 */
export default function MobileArrayPhonePage({ route }: SectionPageProps) {
  return (
    <SectionPageFrame route={route}>
      <div style={{ width: 390, minHeight: 640, margin: "0 auto", padding: "24px 12px", border: "10px solid #1f1f1f", borderRadius: 36, background: "#fff" }} aria-label="手机端视图">
        <MobileArrayConsole route={route} compact />
      </div>
    </SectionPageFrame>
  );
}
