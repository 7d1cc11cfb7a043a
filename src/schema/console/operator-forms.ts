import { z } from "zod";
import { NewOperatorSchema } from "./operator-auth";
import { ActionReasonSchema, OPERATOR_ENDPOINTS, OPERATOR_ROLE_LABELS } from "./operators";
import { OPERATOR_ROLES, OPERATOR_ROLE_KEYS } from "./permissions";

/**
 * The forms of the console's operators page (issue 13) as the administrator fills them in: the
 * same rules as the command line (NewOperatorSchema) and the update call, with the page's labels
 * and each role's description beside its name in the choice.
 */

export const OPERATOR_ROLE_HINTS: Record<string, string> = Object.fromEntries(OPERATOR_ROLE_KEYS.map((role) => [role, OPERATOR_ROLES[role].description]));

const rolesField = NewOperatorSchema.shape.roles.meta({ title: "角色", labels: OPERATOR_ROLE_LABELS, hints: OPERATOR_ROLE_HINTS });

/** 新建操作员: the initial password is sent MD5'd and RSA-OAEP encrypted (the create call's encryptPassword). */
export const NewOperatorFormSchema = z.object({
  account: NewOperatorSchema.shape.account.meta({ title: "账号" }),
  name: NewOperatorSchema.shape.name.meta({ title: "姓名" }),
  password: NewOperatorSchema.shape.password.meta({ title: "初始密码", widget: "password" }),
  roles: rolesField,
});
export type NewOperatorForm = z.infer<typeof NewOperatorFormSchema>;

const updateInput = OPERATOR_ENDPOINTS.update.input.shape;

/** 编辑角色: the operator's name and roles, and why (kept in the audit trail). */
export const EditOperatorFormSchema = z.object({
  name: updateInput.name.meta({ title: "姓名" }),
  roles: rolesField,
  reason: ActionReasonSchema,
});
export type EditOperatorForm = z.infer<typeof EditOperatorFormSchema>;

/** Why an operator is disabled, enabled or has their second factor reset (kept in the audit trail). */
export const OperatorActionReasonSchema = z.object({ reason: ActionReasonSchema });
