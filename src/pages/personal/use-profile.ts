import { useEffect } from "react";
import { usePersonalServices } from "../../providers/personal-context";
import { useSessionStore } from "../../providers/session-context";
import { mergeUserInfo } from "../../providers/session-user-update";
import { useEnvelope } from "./use-envelope";

/**
 * The account's profile, fetched when a personal-centre page opens. Its user fields go into the
 * stored session, so a verification decided meanwhile (status, verified name) shows everywhere.
 */
export function useProfile() {
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const profile = useEnvelope(() => personal.getProfile());

  useEffect(() => {
    if (profile.data) mergeUserInfo(sessionStore, profile.data.userInfo);
  }, [profile.data, sessionStore]);

  return profile;
}
