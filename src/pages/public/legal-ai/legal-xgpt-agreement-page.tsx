import { useDocumentTitle } from "../../../components/public-page/use-document-title";
import { LegalDocumentPage } from "../../user/legal/legal-document-page";
import { LEGAL_XGPT_AGREEMENT } from "./legal-xgpt-agreement";

/** /legalXGPTagreement: the assistant's usage agreement, shown like the other legal texts. */
export function LegalXgptAgreementPage() {
  useDocumentTitle(LEGAL_XGPT_AGREEMENT.title);
  return <LegalDocumentPage document={LEGAL_XGPT_AGREEMENT} />;
}
