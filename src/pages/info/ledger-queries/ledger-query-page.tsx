import { Alert, Space, Spin } from "antd";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { SectionCard } from "../../../components/section-card";
import type { LedgerQueryPageDefinition } from "./ledger-query-definition";

const VerificationPanel = lazy(() => import("../verification/verification-panel"));
// Only pages whose service is absent show a form; its form library loads with it (issue 20).
const LedgerQueryForm = lazy(() => import("./ledger-query-form").then((module) => ({ default: module.LedgerQueryForm })));
/** One lazy component per page's own query, made once. */
const queryPanels = new WeakMap<NonNullable<LedgerQueryPageDefinition["query"]>, LazyExoticComponent<ComponentType>>();

function queryPanel(load: NonNullable<LedgerQueryPageDefinition["query"]>) {
  let panel = queryPanels.get(load);
  if (!panel) {
    panel = lazy(load);
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
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {definition.verification && (
          <Suspense fallback={<Spin />}>
            <VerificationPanel defaultMode={definition.verification} />
          </Suspense>
        )}
        {QueryPanel && (
          <Suspense fallback={<Spin />}>
            <QueryPanel />
          </Suspense>
        )}
        {statement && <Alert type="info" showIcon message={statement} />}
        {statement && definition.form && (
          <SectionCard title={<h2 style={{ margin: 0, fontSize: 20 }}>{definition.form.name}</h2>}>
            <Suspense fallback={<Spin />}>
              <LedgerQueryForm form={definition.form} statement={statement} />
            </Suspense>
          </SectionCard>
        )}
        <ContentSections sections={definition.sections} />
      </Space>
    </PublicPageLayout>
  );
}
