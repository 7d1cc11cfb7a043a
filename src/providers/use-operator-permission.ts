import { isPermitted, type ConsolePermission } from "../schema/console/permissions";
import { useOperatorSession } from "./session-context";

/**
 * Whether the signed-in operator's roles grant `permission`: a console page hides what its
 * operator may not do (the server refuses it anyway, ConsoleCode.forbidden).
 */
export function useOperatorPermission(permission: ConsolePermission): boolean {
  return isPermitted(useOperatorSession()?.operator.permissions ?? [], permission);
}
