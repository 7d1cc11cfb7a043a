import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { storeLoginResult, takePostLoginPath } from "../../providers/auth-provider";
import type { LoggedInStep } from "../../providers/scan-login-outcome";
import { useSessionStore } from "../../providers/session-context";

/**
 * Ends a scan login or a bind like every other login (spec §4): the session is stored the way the
 * auth provider stores it, then the remembered path, the redirect query or / — only when `islogin`
 * says so; otherwise home, where the signed-in visitor sees no login panel.
 */
export function useCompleteLogin() {
  const sessionStore = useSessionStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (step: LoggedInStep) => {
      storeLoginResult(sessionStore, step.result, Date.now());
      navigate(step.shouldRedirect ? takePostLoginPath(sessionStore, search) : APP_PATHS.home, { replace: true });
    },
    [navigate, search, sessionStore],
  );
}
