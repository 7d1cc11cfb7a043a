import { zodResolver } from "@hookform/resolvers/zod";
import { Form, Result } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { APP_PATHS } from "../../app/path-rules";
import { AccountPageLayout } from "../../components/account-page-layout";
import { RouterLinkButton } from "../../components/router-link-button";
import { SubmitButton } from "../../components/submit-button";
import { useAccountServices } from "../../providers/account-context";
import { useAppLinks } from "../../providers/app-links-context";
import { useSessionStore, useUserSession } from "../../providers/session-context";
import { ResultCode } from "../../schema/envelope";
import { SetPasswordFormSchema, type SetPasswordForm } from "../../schema/password-forms";
import { TotalTipAlert } from "../login/total-tip";
import { useTotalTip } from "../login/use-total-tip";
import { PasswordPairFields } from "./password-pair-fields";

export const SET_PASSWORD_DONE_TEXT = "登录密码已设置，下次可使用账号密码登录";

/**
 * /user/setPassword: a first password for an account created by code login. /user is public
 * (spec §2), so the page itself asks a visitor to sign in first, and comes back here afterwards.
 */
export function SetPasswordPage() {
  const links = useAppLinks();
  const user = useUserSession();
  const [isDone, setDone] = useState(false);

  return (
    <AccountPageLayout title="设置登录密码">
      {isDone ? (
        <Result
          status="success"
          title={SET_PASSWORD_DONE_TEXT}
          extra={
            <RouterLinkButton type="primary" to={links.operationPanel}>
              进入工作台
            </RouterLinkButton>
          }
        />
      ) : user ? (
        <SetPasswordFormView onDone={() => setDone(true)} />
      ) : (
        <Result
          status="info"
          title="请先登录"
          subTitle="设置登录密码需要先使用验证码登录。"
          extra={
            <RouterLinkButton type="primary" to={`${APP_PATHS.login}?redirect=${encodeURIComponent(APP_PATHS.setPassword)}`}>
              去登录
            </RouterLinkButton>
          }
        />
      )}
    </AccountPageLayout>
  );
}

function SetPasswordFormView({ onDone }: { onDone: () => void }) {
  const { client } = useAccountServices();
  const sessionStore = useSessionStore();
  const { control, handleSubmit } = useForm<SetPasswordForm>({
    resolver: zodResolver(SetPasswordFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { passWord: "", confirmPassword: "" },
  });
  const tip = useTotalTip();
  const [isPending, setPending] = useState(false);

  const onSubmit = handleSubmit(async ({ passWord }) => {
    tip.clear();
    setPending(true);
    const envelope = await client.setPassword(passWord).finally(() => setPending(false));
    if (envelope.code !== ResultCode.success) return tip.showError(envelope.message);
    const user = sessionStore.getUser();
    if (user) sessionStore.setUser({ ...user, hasPassword: true });
    onDone();
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label="设置登录密码">
        <PasswordPairFields control={control} isNew />
        <TotalTipAlert tip={tip.tip} />
        <SubmitButton isPending={isPending} idleText="保存密码" pendingText="保存中…" />
      </form>
    </Form>
  );
}
