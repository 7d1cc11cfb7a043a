import { Skeleton } from "antd";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A route element whose page code is fetched the first time the route is visited, so that a
 * visitor's first load of /index carries only the home page (issue 4's code-splitting rule).
 * Call it once per route at module level: a new lazy() on every render would remount the page.
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Skeleton active style={{ maxWidth: 1080, margin: "40px auto", padding: "0 16px" }} />}>
      <Page />
    </Suspense>
  );
}
