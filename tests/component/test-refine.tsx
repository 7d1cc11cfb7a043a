import { Refine, type AuthProvider, type DataProvider, type RefineProps } from "@refinedev/core";
import { WebapiProvider } from "../../src/providers/webapi-context";

/** A test without an auth provider must not log in or out; if it does, it fails saying why. */
const NO_AUTH_PROVIDER: AuthProvider = {
  login: () => Promise.reject(new Error("this test gave <TestRefine> no authProvider")),
  logout: () => Promise.reject(new Error("this test gave <TestRefine> no authProvider")),
  check: async () => ({ authenticated: false }),
  onError: async () => ({}),
};

/**
 * refine as the app mounts it (src/app/workspace.tsx): the same data and auth providers also
 * reach the hooks that run without refine (use-endpoint.ts, use-auth-actions.ts).
 */
export function TestRefine(props: RefineProps & { dataProvider: DataProvider }) {
  return (
    <Refine {...props}>
      <WebapiProvider providers={{ dataProvider: props.dataProvider, authProvider: props.authProvider ?? NO_AUTH_PROVIDER }}>
        {props.children}
      </WebapiProvider>
    </Refine>
  );
}
