import { LockOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Form, Input, Result } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { APP_PATHS } from "../../../app/path-rules";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { usePersonalServices } from "../../../providers/personal-context";
import { useSessionStore, useUserSession } from "../../../providers/session-context";
import { mergeUserInfo } from "../../../providers/session-user-update";
import type { SectionPageProps } from "../../../resources/derive";
import { PASSWORD_MAX_LENGTH } from "../../../schema/constants";
import { ResultCode } from "../../../schema/envelope";
import { ChangePasswordFormSchema, type ChangePasswordForm } from "../../../schema/personal";
import { TotalTipAlert } from "../../login/total-tip";
import { useTotalTip } from "../../login/use-total-tip";
import { PasswordPairFields } from "../../user/password-pair-fields";
import { applyServerErrors } from "../server-errors";
import { SecurityCenterPage } from "./security-center-page";

export const PASSWORD_CHANGED_TEXT = "密码已修改。其他设备上的登录已全部退出，本页面已使用新的登录状态。";

/** /personal/securityCenter/changePassword: old and new password, both MD5-hashed and encrypted like a login. */
export function ChangePasswordPage({ route }: SectionPageProps) {
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const user = useUserSession();
  const tip = useTotalTip();
  const [isPending, setPending] = useState(false);
  const [isDone, setDone] = useState(false);
  const { control, handleSubmit, setError } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { oldPassword: "", passWord: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ oldPassword, passWord }) => {
    tip.clear();
    setPending(true);
    const envelope = await personal.changePassword({ oldPassword, newPassword: passWord }).finally(() => setPending(false));
    if (envelope.code === ResultCode.success && envelope.datas) {
      // Every old token has ended, this page's included: carry on with the new one.
      mergeUserInfo(sessionStore, { hasPassword: true }, envelope.datas.token);
      setDone(true);
    } else if (!applyServerErrors(envelope, setError, ["oldPassword", "passWord"], { encryptOldPassword: "oldPassword", encryptPassword: "passWord" })) {
      tip.showError(envelope.message);
    }
  });

  return (
    <SecurityCenterPage route={route}>
      {isDone ? (
        <Result status="success" title="密码修改成功" subTitle={PASSWORD_CHANGED_TEXT} />
      ) : user?.hasPassword === false ? (
        <Alert type="info" showIcon message={<>账号尚未设置登录密码，请先<Link to={APP_PATHS.setPassword}>设置密码</Link>。</>} />
      ) : (
        <Form layout="vertical" component={false}>
          <form onSubmit={onSubmit} noValidate aria-label="修改密码" style={{ maxWidth: 420 }}>
            <FormField control={control} name="oldPassword">
              {({ field, id }) => (
                <Input.Password {...field} id={id} size="large" aria-label="原密码" placeholder="原密码" prefix={<LockOutlined />} maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" />
              )}
            </FormField>
            <PasswordPairFields control={control} isNew />
            <TotalTipAlert tip={tip.tip} />
            <SubmitButton isPending={isPending} idleText="确认修改" pendingText="提交中…" />
          </form>
        </Form>
      )}
    </SecurityCenterPage>
  );
}
