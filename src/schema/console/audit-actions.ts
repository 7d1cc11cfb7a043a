/**
 * The names of operator actions and of what they act on, as the audit trail records them and the
 * audit page shows them. Each console concern adds its own lines here (one per action it audits).
 * The ledger entry carries the action name itself (operator-action-entry.ts), so a name once used
 * never changes meaning.
 */
export const AUDIT_ACTIONS: Record<string, string> = {
  "operator.create": "创建操作员",
  "operator.update": "修改操作员",
  "operator.disable": "停用操作员",
  "operator.enable": "启用操作员",
  "operator.resetSecondFactor": "重置二次验证",
  "customer.disable": "停用客户账号",
  "customer.enable": "启用客户账号",
  "customer.endSession": "结束客户会话",
  "customer.endAllSessions": "客户全部下线",
  "customer.markLawyer": "标记为律师",
  "customer.updateLawyer": "修改律师资料",
  "customer.unmarkLawyer": "取消律师标记",
  "identity.approve": "通过认证申请",
  "identity.reject": "驳回认证申请",
  "paymentRefund.retry": "重试退款",
  "invoice.approve": "审核通过开票申请",
  "invoice.reject": "驳回开票申请",
  "invoice.reverse": "红冲发票",
  "price.update": "修改商品价格",
  "contract.create": "登记线下合同",
  "contract.terminate": "终止线下合同",
  "balance.credit": "增加客户余额",
  "balance.debit": "扣减客户余额",
  "appraisalInstitution.create": "新建鉴定机构",
  "appraisalInstitution.update": "修改鉴定机构",
  "appraisalExpert.add": "添加鉴定人",
  "appraisalExpert.remove": "移除鉴定人",
  "job.retry": "重试失败任务",
};

export const AUDIT_TARGET_TYPES: Record<string, string> = {
  operator: "操作员",
  customer: "客户",
  identityApplication: "认证申请",
  paymentRefund: "退款",
  invoiceApplication: "开票申请",
  productPrice: "商品价格",
  offlineContract: "线下合同",
  appraisalInstitution: "鉴定机构",
  job: "后台任务",
};

/** The account the command line's actions are recorded under (server/cli). */
export const CLI_OPERATOR_ACCOUNT = "命令行";
