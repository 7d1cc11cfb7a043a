import { zodResolver } from "@hookform/resolvers/zod";
import { Descriptions, Form, Input } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { usePersonalServices } from "../../../providers/personal-context";
import { useSessionStore, useUserSession } from "../../../providers/session-context";
import { mergeUserInfo } from "../../../providers/session-user-update";
import type { SectionPageProps } from "../../../resources/derive";
import { CodePurpose } from "../../../schema/account";
import { EmailSchema, MobileSchema } from "../../../schema/contact";
import { VerificationCodeSchema } from "../../../schema/credentials";
import { ResultCode } from "../../../schema/envelope";
import { CodeField } from "../../login/code-field";
import { TotalTipAlert } from "../../login/total-tip";
import { useCodeSender } from "../../login/use-code-sender";
import { useTotalTip } from "../../login/use-total-tip";
import { applyServerErrors } from "../server-errors";
import { SecurityCenterPage } from "./security-center-page";

/** Both pages share one form shape; the contact's rule (spec §5) is the channel's. */
const CHANNELS = {
  mobile: { noun: "手机号", serverField: "mobile", schema: z.object({ contact: MobileSchema, vCode: VerificationCodeSchema }) },
  email: { noun: "邮箱", serverField: "mail", schema: z.object({ contact: EmailSchema, vCode: VerificationCodeSchema }) },
} as const;

type ContactForm = { contact: string; vCode: string };

/**
 * /personal/securityCenter/bindMobile and /bindEmail: a new phone number or e-mail address proves
 * itself with a code of purpose 4 sent to it; the login account follows a replaced contact.
 */
export function BindContactPage({ route, channel }: SectionPageProps & { channel: keyof typeof CHANNELS }) {
  const config = CHANNELS[channel];
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const user = useUserSession();
  const tip = useTotalTip();
  const sender = useCodeSender(tip);
  const [isPending, setPending] = useState(false);
  const current = channel === "mobile" ? user?.mobile : user?.mail;
  const { control, handleSubmit, trigger, getValues, setError, reset } = useForm<ContactForm>({
    resolver: zodResolver(config.schema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { contact: "", vCode: "" },
  });

  async function sendCode() {
    if (await trigger("contact")) await sender.send(() => personal.sendCode(getValues("contact"), CodePurpose.bindContact));
  }

  const onSubmit = handleSubmit(async ({ contact, vCode }) => {
    tip.clear();
    setPending(true);
    const envelope = await (channel === "mobile" ? personal.bindMobile({ mobile: contact, vCode }) : personal.bindEmail({ mail: contact, vCode })).finally(() =>
      setPending(false),
    );
    if (envelope.code === ResultCode.success && envelope.datas) {
      mergeUserInfo(sessionStore, envelope.datas.userInfo);
      reset();
      tip.showSuccess(`${config.noun}绑定成功`);
    } else if (!applyServerErrors(envelope, setError, ["contact", "vCode"], { [config.serverField]: "contact" })) {
      tip.showError(envelope.message);
    }
  });

  return (
    <SecurityCenterPage route={route}>
      <Descriptions column={1} size="small" style={{ maxWidth: 420, marginBottom: 16 }} items={[{ key: "current", label: `当前${config.noun}`, children: current ?? "未绑定" }]} />
      <Form layout="vertical" component={false}>
        <form onSubmit={onSubmit} noValidate aria-label={`绑定${config.noun}`} style={{ maxWidth: 420 }}>
          <FormField control={control} name="contact" label={current ? `新${config.noun}` : config.noun}>
            {({ field, id }) => <Input {...field} id={id} size="large" placeholder={`请输入${current ? "新" : ""}${config.noun}`} autoComplete={channel === "mobile" ? "tel" : "email"} />}
          </FormField>
          <CodeField control={control} sender={sender} onSend={sendCode} />
          <TotalTipAlert tip={tip.tip} />
          <SubmitButton isPending={isPending} idleText={current ? `更换${config.noun}` : `绑定${config.noun}`} pendingText="提交中…" />
        </form>
      </Form>
    </SecurityCenterPage>
  );
}
