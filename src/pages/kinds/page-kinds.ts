import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { GenericPageKind } from "../../resources/types";
import type { SectionPageProps } from "../../resources/derive";

/** Each generic page kind, loaded with the first page of that kind a user opens. */
export const PAGE_KINDS: Record<GenericPageKind, LazyExoticComponent<ComponentType<SectionPageProps>>> = {
  guidance: lazy(() => import("./guidance-page")),
  new: lazy(() => import("./new-page")),
  dataList: lazy(() => import("./data-list-page")),
  dataChart: lazy(() => import("./data-chart-page")),
  certificate: lazy(() => import("./certificate-page")),
  detail: lazy(() => import("./detail-page")),
};
