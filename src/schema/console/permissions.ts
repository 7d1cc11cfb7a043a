/**
 * The operator console's permissions and roles (DESIGN.md §5), written once as data: the server
 * checks an endpoint's `permission` against the operator's roles, the console's menu hides what a
 * role does not allow, and the operators page offers these roles. Roles are fixed in code; an
 * administrator decides which operator holds which.
 */

export const CONSOLE_PERMISSIONS = {
  "operators.manage": "管理操作员与角色",
  "identity.review": "审核实名与企业认证",
  "customers.read": "查询客户",
  "customers.manage": "停用、启用客户账号并结束其会话",
  "content.edit": "编辑轮播图、产品动态与相关应用",
  "platform.health": "查看平台运行状态",
  "platform.jobs": "重试失败的后台任务",
  "audit.read": "查阅操作审计记录",
  "finance.manage": "处理发票、退款与线下合同",
  "notaryOffices.manage": "管理公证处及其工作人员账号",
  "lawyers.manage": "标记律师账号并登记律师资料",
  "appraisalInstitutions.manage": "管理司法鉴定机构及其鉴定人",
} as const;

export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

export const OPERATOR_ROLES = {
  administrator: {
    title: "管理员",
    description: "管理操作员与角色，查看平台状态与审计记录，拥有全部权限",
    permissions: Object.keys(CONSOLE_PERMISSIONS) as ConsolePermission[],
  },
  identityReviewer: {
    title: "认证审核员",
    description: "审核用户提交的实名认证与企业认证，标记律师账号，可查询客户",
    permissions: ["identity.review", "lawyers.manage", "customers.read"],
  },
  finance: {
    title: "财务",
    description: "处理发票、退款与线下合同，可查询客户",
    permissions: ["finance.manage", "customers.read"],
  },
  contentEditor: {
    title: "内容编辑",
    description: "编辑首页轮播图、产品动态与相关应用",
    permissions: ["content.edit"],
  },
  notaryOfficeAdmin: {
    title: "公证处管理员",
    description: "开设公证处，管理公证处工作人员账号",
    permissions: ["notaryOffices.manage"],
  },
  appraisalAdmin: {
    title: "鉴定机构管理员",
    description: "开设司法鉴定机构，管理其鉴定人",
    permissions: ["appraisalInstitutions.manage"],
  },
} as const satisfies Record<string, { title: string; description: string; permissions: readonly ConsolePermission[] }>;

export type OperatorRole = keyof typeof OPERATOR_ROLES;
export const OPERATOR_ROLE_KEYS = Object.keys(OPERATOR_ROLES) as [OperatorRole, ...OperatorRole[]];

/** Everything a set of roles allows. */
export function permissionsOf(roles: readonly OperatorRole[]): ConsolePermission[] {
  return [...new Set(roles.flatMap((role) => OPERATOR_ROLES[role]?.permissions ?? []))];
}

/** "signedIn" is every operator's; anything else must be granted by a role. */
export function isPermitted(granted: readonly ConsolePermission[], needed: ConsolePermission | "signedIn"): boolean {
  return needed === "signedIn" || granted.includes(needed);
}
