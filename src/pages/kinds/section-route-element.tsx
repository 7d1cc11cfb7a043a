import { Skeleton } from "antd";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { Navigate } from "react-router";
import { useOperatorSession, useUserSession } from "../../providers/session-context";
import { isSubAccount } from "../../providers/session-rules";
import { mainLandingPath, type SectionPageProps, type SectionRedirect, type SectionRoute } from "../../resources/derive";
import type { PageComponentLoader } from "../../resources/types";
import { PAGE_KINDS } from "./page-kinds";
import { SectionAccess } from "./section-access";

/** One lazy component per custom page, made once: a new lazy() on every render would remount it. */
const customComponents = new WeakMap<PageComponentLoader, LazyExoticComponent<ComponentType<SectionPageProps>>>();

function customComponent(load: PageComponentLoader): LazyExoticComponent<ComponentType<SectionPageProps>> {
  let component = customComponents.get(load);
  if (!component) {
    component = lazy(load);
    customComponents.set(load, component);
  }
  return component;
}

/** What a registry route renders: its page (custom or generic kind), loaded on demand, once access is allowed. */
export function SectionRouteElement({ route }: { route: SectionRoute }) {
  const { page } = route;
  let content;
  if (page.kind === "custom") {
    const Custom = customComponent(page.load);
    content = <Custom route={route} />;
  } else {
    const Kind = PAGE_KINDS[page.kind];
    content = <Kind route={route} />;
  }
  return (
    <SectionAccess resource={route.resource}>
      <Suspense fallback={<Skeleton active />}>{content}</Suspense>
    </SectionAccess>
  );
}

/** A section or main-section root: on to its landing, a sub-account to its own where it has one (spec §6), an operator to the first section their roles allow. */
export function SectionRedirectElement({ redirect }: { redirect: SectionRedirect }) {
  const user = useUserSession();
  const operator = useOperatorSession();
  const permitted = redirect.main && operator ? mainLandingPath(redirect.main.definition, { permissions: operator.operator.permissions }, redirect.main.base) : undefined;
  const to = permitted ?? (isSubAccount(user) && redirect.subAccountTo ? redirect.subAccountTo : redirect.to);
  return <Navigate to={to} replace />;
}
