import type { AuthActionResponse } from "@refinedev/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useWebapiProviders } from "./webapi-context";

/**
 * Login and logout through the auth provider, as refine's useLogin and useLogout do them (the same
 * mutation keys, a logout's redirect, the auth queries refreshed afterwards), but without refine
 * mounted: the public header and the home page's login panel are the visitor's, and the visitor's
 * pages do not load refine (issue 20).
 */

/** refine's cached answers about the session, asked again after a login or logout. */
const AUTH_QUERY_ACTIONS = ["check", "identity", "permissions"] as const;

function useRefreshAuthQueries() {
  const queryClient = useQueryClient();
  return () => Promise.all(AUTH_QUERY_ACTIONS.map((action) => queryClient.invalidateQueries({ queryKey: ["auth", action] })));
}

/** The login screens navigate themselves (auth-provider.ts), so a login's answer is only handed back. */
export function useLoginAction<Request>() {
  const { authProvider } = useWebapiProviders();
  const refreshAuthQueries = useRefreshAuthQueries();
  return useMutation<AuthActionResponse, Error, Request>({
    mutationKey: ["auth", "login"],
    mutationFn: (request) => authProvider.login(request),
    onSuccess: () => void refreshAuthQueries(),
  });
}

/** Logs out and follows the auth provider's redirect (the public home). */
export function useLogoutAction() {
  const { authProvider } = useWebapiProviders();
  const navigate = useNavigate();
  const refreshAuthQueries = useRefreshAuthQueries();
  return useMutation<AuthActionResponse, Error, void>({
    mutationKey: ["auth", "logout"],
    mutationFn: () => authProvider.logout({}),
    onSuccess: ({ redirectTo }) => {
      if (redirectTo) navigate(redirectTo);
      void refreshAuthQueries();
    },
  });
}
