import type { OperatorProfile } from "../../../../src/schema/console/operator-auth.js";
import { permissionsOf, type OperatorRole } from "../../../../src/schema/console/permissions.js";
import type { ActingOperator } from "./acting-operator.js";
import type { OperatorRow } from "./operator.repository.js";

/** The operator as the console knows them; the password hash and the secrets never leave the server. */
export function toOperatorProfile(row: Pick<OperatorRow, "id" | "account" | "name">, roles: readonly OperatorRole[]): OperatorProfile & ActingOperator {
  return { id: row.id, account: row.account, name: row.name, roles: [...roles], permissions: permissionsOf(roles) };
}

/** Demo operators (the development seed, whose password is public) sign in only where development providers are on. */
export function maySignIn(row: Pick<OperatorRow, "status" | "is_demo">, allowDemoAccounts: boolean): boolean {
  return row.status === "active" && (row.is_demo === 0 || allowDemoAccounts);
}
