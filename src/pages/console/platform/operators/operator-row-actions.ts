import { OPERATOR_ENDPOINTS, type OperatorRecord } from "../../../../schema/console/operators";

/**
 * The operators list's confirmed actions as data: when a row offers each, what the administrator is
 * told will happen before confirming, and the call it makes. Editing name and roles has a form of
 * its own (edit-operator-dialog.tsx).
 */
export interface OperatorRowAction {
  key: "disable" | "enable" | "resetSecondFactor";
  label: string;
  endpoint: typeof OPERATOR_ENDPOINTS.disable | typeof OPERATOR_ENDPOINTS.enable | typeof OPERATOR_ENDPOINTS.resetSecondFactor;
  isOffered: (operator: OperatorRecord) => boolean;
  isDangerous: boolean;
  /** What happens, said before the administrator confirms. */
  consequence: (operator: OperatorRecord) => string;
  done: string;
}

const who = (operator: OperatorRecord) => `${operator.name}（${operator.account}）`;

export const OPERATOR_ROW_ACTIONS: readonly OperatorRowAction[] = [
  {
    key: "disable",
    label: "停用",
    endpoint: OPERATOR_ENDPOINTS.disable,
    isOffered: (operator) => operator.status === "active",
    isDangerous: true,
    consequence: (operator) => `停用后，${who(operator)}将立即退出登录，且不能再登录运营后台，直到重新启用。其操作审计记录保留不变。`,
    done: "已停用",
  },
  {
    key: "enable",
    label: "启用",
    endpoint: OPERATOR_ENDPOINTS.enable,
    isOffered: (operator) => operator.status === "disabled",
    isDangerous: false,
    consequence: (operator) => `启用后，${who(operator)}可以再次使用原密码和身份验证器登录运营后台，权限为其当前角色。`,
    done: "已启用",
  },
  {
    key: "resetSecondFactor",
    label: "重置二次验证",
    endpoint: OPERATOR_ENDPOINTS.resetSecondFactor,
    isOffered: (operator) => operator.hasSecondFactor,
    isDangerous: true,
    consequence: (operator) =>
      `重置后，${who(operator)}原绑定的身份验证器和剩余的 ${operator.recoveryCodesLeft} 个恢复码立即作废，当前会话随即结束；下次用密码登录时须重新扫码绑定。请先当面或电话核实其身份：能登录其账号的人即可绑定新的身份验证器。`,
    done: "已重置二次验证",
  },
];
