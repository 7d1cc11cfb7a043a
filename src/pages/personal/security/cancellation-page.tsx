import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, App, Button, Form, Input, Radio, Typography } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { APP_PATHS } from "../../../app/path-rules";
import { FormField } from "../../../components/form-field";
import { usePersonalServices } from "../../../providers/personal-context";
import { useSessionStore, useUserSession } from "../../../providers/session-context";
import { isSubAccount } from "../../../providers/session-rules";
import type { SectionPageProps } from "../../../resources/derive";
import { CodePurpose } from "../../../schema/account";
import { ResultCode } from "../../../schema/envelope";
import { CANCELLATION_CONFIRM_TEXT, CancellationFormSchema, type CancellationForm } from "../../../schema/personal";
import { CodeField } from "../../login/code-field";
import { TotalTipAlert } from "../../login/total-tip";
import { useCodeSender } from "../../login/use-code-sender";
import { useTotalTip } from "../../login/use-total-tip";
import { applyServerErrors } from "../server-errors";
import { SecurityCenterPage } from "./security-center-page";

export const CANCELLATION_TEXT = {
  consequences: [
    "注销后，本账号不能再登录，所有设备上的登录立即退出；",
    "已保全的证据、证书及其区块链存证记录继续保留，任何人仍可在查询验证页面核验；",
    "本账号绑定的手机号和邮箱不能再用于注册或登录；",
    "注销不可撤销。主账号须先停用全部子账号。",
  ],
  subAccount: "子账号不能自行注销，请联系主账号停用本账号。",
  done: "账号已注销",
} as const;

/** /personal/securityCenter/cancellation: a code of purpose 7 to the account's own contact, plus typing 确认注销. */
export function CancellationPage({ route }: SectionPageProps) {
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const user = useUserSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const [isPending, setPending] = useState(false);
  const contacts = [user?.mobile, user?.mail].filter((value): value is string => Boolean(value));
  const [target, setTarget] = useState<string | undefined>(contacts[0]);
  const { control, handleSubmit, setError } = useForm<CancellationForm>({
    resolver: zodResolver(CancellationFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { vCode: "", confirmText: "" },
  });

  const onSubmit = handleSubmit(async ({ vCode, confirmText }) => {
    if (!target) return;
    tip.clear();
    setPending(true);
    const envelope = await personal.cancelAccount({ account: target, vCode, confirmText }).finally(() => setPending(false));
    if (envelope.code === ResultCode.success) {
      sessionStore.clearUser();
      message.success(CANCELLATION_TEXT.done);
      navigate(APP_PATHS.home);
    } else if (!applyServerErrors(envelope, setError, ["vCode", "confirmText"])) {
      tip.showError(envelope.message);
    }
  });

  return (
    <SecurityCenterPage route={route}>
      <Alert
        type="warning"
        showIcon
        message="注销账号前请确认"
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {CANCELLATION_TEXT.consequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        }
        style={{ marginBottom: 24, maxWidth: 640 }}
      />
      {isSubAccount(user) ? (
        <Alert type="info" showIcon message={CANCELLATION_TEXT.subAccount} />
      ) : (
        <Form layout="vertical" component={false}>
          <form onSubmit={onSubmit} noValidate aria-label="注销账号" style={{ maxWidth: 420 }}>
            <Form.Item label="验证码发送到">
              <Radio.Group value={target} onChange={(event) => setTarget(event.target.value)} options={contacts.map((value) => ({ value, label: value }))} />
            </Form.Item>
            <CodeField control={control} sender={sender} onSend={() => target && sender.send(() => personal.sendCode(target, CodePurpose.cancellation))} />
            <FormField control={control} name="confirmText" label={<>请输入“{CANCELLATION_CONFIRM_TEXT}”</>}>
              {({ field, id }) => <Input {...field} id={id} size="large" placeholder={CANCELLATION_CONFIRM_TEXT} autoComplete="off" />}
            </FormField>
            <TotalTipAlert tip={tip.tip} />
            <Typography.Paragraph type="secondary">注销后无法恢复，请谨慎操作。</Typography.Paragraph>
            <Button type="primary" danger htmlType="submit" block size="large" loading={isPending}>
              注销账号
            </Button>
          </form>
        </Form>
      )}
    </SecurityCenterPage>
  );
}
