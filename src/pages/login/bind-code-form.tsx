import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LightSubmitButton } from "../../components/light-submit-button";
import { useAccountServices } from "../../providers/account-context";
import { decideLoginOutcome } from "../../providers/login-outcome";
import { useScanLoginClient } from "../../providers/scan-login-context";
import { CodePurpose } from "../../schema/account";
import { BindCodeFormSchema, LOGIN_MODE, type BindCodeForm as BindCodeValues } from "../../schema/credentials";
import { AccountField } from "./account-field";
import { AgreementField } from "./agreement-field";
import { bindFailureOf } from "./bind-outcome";
import { CodeField } from "./code-field";
import { BIND_PANEL_TEXT } from "./scan-login-text";
import { TotalTipAlert } from "./total-tip";
import { useCodeSender } from "./use-code-sender";
import { useCompleteLogin } from "./use-complete-login";
import { useTotalTip } from "./use-total-tip";

/** Bind tab 1 (spec §2): phone or e-mail plus a code sent with type 3; an unregistered phone number is registered. */
export function BindCodeForm({ oauthUserId }: { oauthUserId: string }) {
  const { client: accounts } = useAccountServices();
  const client = useScanLoginClient();
  const completeLogin = useCompleteLogin();
  const { control, handleSubmit, trigger, getValues, setError, formState } = useForm<BindCodeValues>({
    resolver: zodResolver(BindCodeFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { userName: "", vCode: "", agreement: false },
  });
  const tip = useTotalTip();
  const sender = useCodeSender(tip);

  /** Spec §5: a code goes out only for a valid account with the agreement ticked. */
  async function sendCode() {
    if (await trigger(["userName", "agreement"])) await sender.send(() => accounts.sendCode(getValues("userName"), CodePurpose.bindAfterScan));
  }

  const onSubmit = handleSubmit(async ({ userName, vCode }) => {
    tip.clear();
    const step = decideLoginOutcome(await client.bindWithCode({ oauthUserId, account: userName, code: vCode }), LOGIN_MODE.code);
    if (step.kind === "loggedIn") return completeLogin(step);
    const failure = bindFailureOf(step);
    setError("userName", { type: "server", message: failure.message }, { shouldFocus: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={BIND_PANEL_TEXT.tabs.code}>
      <AccountField control={control} />
      <CodeField control={control} sender={sender} onSend={sendCode} />
      <AgreementField control={control} trigger={trigger} />
      <TotalTipAlert tip={tip.tip} />
      <LightSubmitButton isPending={formState.isSubmitting} idleText={BIND_PANEL_TEXT.submit} pendingText={BIND_PANEL_TEXT.submitting} />
    </form>
  );
}
