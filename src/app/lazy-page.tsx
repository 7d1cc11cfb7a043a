import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { LightSkeleton } from "../components/light/light-skeleton";
import { withAntdScope } from "./antd-part";
import { loadWorkspace } from "./workspace-loader";

/**
 * A route element whose page code is fetched the first time the route is visited, so that a
 * visitor's first load of /index carries only the home page (issue 4's code-splitting rule). The
 * page renders inside refine, antd's settings and the logged-in app's services (workspace.tsx),
 * fetched with it. Call it once per route at module level: a new lazy() on every render would remount the page.
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactNode {
  return lightPage(async () => (await Promise.all([load(), loadWorkspace()]))[0]);
}

/**
 * lazyPage for a visitor's page that needs neither refine nor antd (the home page, the
 * verification pages): it renders as soon as its own code has arrived (issue 20).
 */
export function lightPage(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<LightSkeleton style={{ maxWidth: 1080, margin: "40px auto", padding: "0 16px" }} />}>
      <Page />
    </Suspense>
  );
}

/** lightPage for a page without refine that is drawn with antd: antd's settings come with its code. */
export function antdLightPage(load: () => Promise<ComponentType>): ReactNode {
  return lightPage(() => withAntdScope(load));
}
