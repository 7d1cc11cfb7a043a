import { lazy, Suspense, type ComponentType } from "react";
import { antdPart } from "../../../app/antd-part";
import { LightAlert } from "../../../components/light/light-alert";
import { LightCard } from "../../../components/light/light-card";
import { LightSpin } from "../../../components/light/light-spin";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

const VerificationPanel = lazy(() => import("../verification/verification-panel"));
// Only pages whose service is absent show a form; its form library and antd load with it (issue 20).
const LedgerQueryForm = antdPart(() => import("./ledger-query-form").then((module) => module.LedgerQueryForm));
/** One component per page's own query (drawn with antd), made once. */
const queryPanels = new WeakMap<NonNullable<LedgerQueryPageDefinition["query"]>, ComponentType>();

function queryPanel(load: NonNullable<LedgerQueryPageDefinition["query"]>) {
  let panel = queryPanels.get(load);
  if (!panel) {
    panel = antdPart(() => load().then((module) => module.default));
    queryPanels.set(load, panel);
  }
  return panel;
}

/**
 * A public evidence page of the ledger family: the statement, the form if any, then the explanation.
 * `statement` is pendingStatement() of the definition, worked out by the route as it loads the page.
 */
export function LedgerQueryPage({ definition, statement }: { definition: LedgerQueryPageDefinition; statement: string | null }) {
  const QueryPanel = definition.query && queryPanel(definition.query);
  return (
    <PublicPageLayout title={definition.title} lead={definition.lead}>
      <div className="hz-stack hz-stack--large">
        {definition.verification && (
          <Suspense fallback={<LightSpin />}>
            <VerificationPanel defaultMode={definition.verification} />
          </Suspense>
        )}
        {QueryPanel && (
          <Suspense fallback={<LightSpin />}>
            <QueryPanel />
          </Suspense>
        )}
        {statement && <LightAlert type="info" message={statement} />}
        {statement && definition.form && (
          <LightCard title={<h2 style={{ margin: 0, fontSize: 20 }}>{definition.form.name}</h2>}>
            <Suspense fallback={<LightSpin />}>
              <LedgerQueryForm form={definition.form} statement={statement} />
            </Suspense>
          </LightCard>
        )}
        <ContentSections sections={definition.sections} />
      </div>
    </PublicPageLayout>
  );
}
