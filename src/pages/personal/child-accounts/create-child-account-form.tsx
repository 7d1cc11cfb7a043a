import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Input } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { usePersonalServices } from "../../../providers/personal-context";
import { CHILD_ACCOUNT_NAME_MAX_LENGTH, CreateChildAccountFormSchema, type ChildAccount, type CreateChildAccountForm as FormValues } from "../../../schema/child-account";
import { ResultCode } from "../../../schema/envelope";
import { TotalTipAlert } from "../../login/total-tip";
import { useTotalTip } from "../../login/use-total-tip";
import { PasswordPairFields } from "../../user/password-pair-fields";
import { applyServerErrors } from "../server-errors";

export const CREATE_CHILD_TEXT = {
  account: "登录账号",
  accountHint: "子账号使用此手机号或邮箱登录",
  name: "子账号名称",
  nameHint: "如部门或使用人，便于区分",
  passwordHint: "初始密码由您设置，子账号首次登录时须修改",
} as const;

/** createChildAccount: login account (spec §5 mobile or e-mail), name and the initial password twice. */
export function CreateChildAccountForm({ onCreated }: { onCreated: (child: ChildAccount) => void }) {
  const { childAccounts } = usePersonalServices();
  const tip = useTotalTip();
  const [isPending, setPending] = useState(false);
  const { control, handleSubmit, setError } = useForm<FormValues>({
    resolver: zodResolver(CreateChildAccountFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { account: "", name: "", passWord: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ account, name, passWord }) => {
    tip.clear();
    setPending(true);
    const envelope = await childAccounts.create({ account, name, password: passWord }).finally(() => setPending(false));
    if (envelope.code === ResultCode.success && envelope.datas) onCreated(envelope.datas);
    else if (!applyServerErrors(envelope, setError, ["account", "name", "passWord"], { encryptPassword: "passWord" })) tip.showError(envelope.message);
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label="创建子账号" style={{ maxWidth: 420 }}>
        <FormField control={control} name="account" label={CREATE_CHILD_TEXT.account} extra={CREATE_CHILD_TEXT.accountHint}>
          {({ field, id }) => <Input {...field} id={id} size="large" placeholder="手机号或邮箱" autoComplete="off" />}
        </FormField>
        <FormField control={control} name="name" label={CREATE_CHILD_TEXT.name} extra={CREATE_CHILD_TEXT.nameHint}>
          {({ field, id }) => <Input {...field} id={id} size="large" placeholder={CREATE_CHILD_TEXT.name} maxLength={CHILD_ACCOUNT_NAME_MAX_LENGTH} />}
        </FormField>
        <PasswordPairFields control={control} />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={isPending} idleText="创建子账号" pendingText="创建中…" />
      </form>
    </Form>
  );
}
