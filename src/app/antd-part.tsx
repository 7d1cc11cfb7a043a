import { lazy, type ComponentType } from "react";

/**
 * A component that needs antd, loaded together with antd's settings (antd-scope.tsx) and rendered
 * inside them: for what a light page (one that renders without antd, issue 20) shows only later,
 * and for the app-wide hosts and pages that render outside the logged-in app (workspace.tsx).
 */
export async function withAntdScope<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Part, { AntdScope }] = await Promise.all([load(), import("./antd-scope")]);
  return function Scoped(props: P) {
    return (
      <AntdScope>
        <Part {...props} />
      </AntdScope>
    );
  };
}

/**
 * A part of a light page that does need antd: its code and antd's settings are fetched together
 * the first time it renders. Render it inside a <Suspense>. Call once per part at module level, as with lazy().
 */
export function antdPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await withAntdScope(load) }));
}
