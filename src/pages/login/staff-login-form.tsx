import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { LightSubmitButton } from "../../components/light-submit-button";
import { TOTAL_TIP_HIDE_MS } from "../../schema/constants";
import { AccountField } from "./account-field";
import { CaptchaField } from "./captcha-field";
import { PasswordField } from "./password-field";
import { TotalTipAlert } from "./total-tip";
import { useCaptcha } from "./use-captcha";
import { useTotalTip } from "./use-total-tip";

/** What the staff logins (notary offices, the operator console) ask for. */
export interface StaffLoginValues {
  account: string;
  password: string;
  vCode: string;
}

export interface StaffLoginText {
  /** The form's accessible name, e.g. 公证处登录. */
  form: string;
  account: string;
  password: string;
  captcha: string;
  submit: string;
  submitting: string;
}

/** How an attempt ended: signed in (the caller has moved on), 1002 under the captcha, or a total tip. */
export type StaffLoginAnswer = { kind: "done" } | { kind: "captchaInvalid" | "failed"; message: string };

/**
 * Account, password and image captcha, with the login states of spec §4 (idle, in progress, idle
 * again on failure) and the answers of §8: 1002 under the captcha, anything else as a total tip
 * that hides after 3 s. Every failure needs a new captcha, since each is single-use. The notary
 * login and the console's first step are this form with their own words, rules and call.
 */
export function StaffLoginForm({
  schema,
  text,
  login,
}: {
  schema: z.ZodType<StaffLoginValues, StaffLoginValues>;
  text: StaffLoginText;
  login: (values: StaffLoginValues) => Promise<StaffLoginAnswer>;
}) {
  const captcha = useCaptcha();
  const tip = useTotalTip(TOTAL_TIP_HIDE_MS);
  const [isPending, setPending] = useState(false);
  const { control, handleSubmit, setError, setValue } = useForm<StaffLoginValues>({
    resolver: zodResolver(schema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { account: "", password: "", vCode: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    tip.clear();
    setPending(true);
    const answer = await login(values).finally(() => setPending(false));
    if (answer.kind === "done") return;
    captcha.reload();
    setValue("vCode", "");
    if (answer.kind === "captchaInvalid") setError("vCode", { type: "server", message: answer.message }, { shouldFocus: true });
    else tip.showError(answer.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={text.form}>
      <AccountField control={control} name="account" label={text.account} />
      <PasswordField control={control} name="password" label={text.password} />
      <CaptchaField control={control} captcha={captcha} label={text.captcha} />
      <TotalTipAlert tip={tip.tip} />
      <LightSubmitButton isPending={isPending} idleText={text.submit} pendingText={text.submitting} />
    </form>
  );
}
