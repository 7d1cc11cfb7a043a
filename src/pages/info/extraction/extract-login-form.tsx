import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Form, Input } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { HttpError } from "@refinedev/core";
import { FormField } from "../../../components/form-field";
import { CaptchaImage } from "./captcha-image";
import type { EvidenceLibraryClient } from "../../../providers/evidence-library-client";
import { EXTRACT_CODE_LENGTH, EXTRACT_NO_LENGTH, ExtractionCode, ExtractLoginSchema, type ExtractLogin } from "../../../schema/evidence-library";

type Values = { extractNo: string; extractCode: string; vCode: string };

/**
 * Number, code and image captcha. Every captcha is single-use on the server, so each failed attempt
 * loads a new one; a captcha error shows under the captcha, any other refusal above the button.
 */
export function ExtractLoginForm({ client, initialNo, onLoggedIn }: { client: EvidenceLibraryClient; initialNo: string; onLoggedIn: () => void }) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, resetField, formState } = useForm<Values>({
    resolver: zodResolver(ExtractLoginSchema) as unknown as Resolver<Values>,
    defaultValues: { extractNo: initialNo, extractCode: "", vCode: "" },
  });

  const refreshCaptcha = useCallback(() => {
    setCaptcha(null);
    client.extractCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, [client]);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  async function submit(values: Values) {
    setProblem(null);
    try {
      await client.extractLogin(values as ExtractLogin);
      onLoggedIn();
    } catch (error) {
      const { statusCode, message } = error as HttpError;
      if (statusCode === ExtractionCode.captchaInvalid) setError("vCode", { message });
      else setProblem(message);
      resetField("vCode");
      refreshCaptcha();
    }
  }

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={handleSubmit(submit)} noValidate aria-label="提取登录" style={{ maxWidth: 420 }}>
        <FormField control={control} name="extractNo" label="提取编号">
          {({ field, id }) => <Input {...field} id={id} maxLength={EXTRACT_NO_LENGTH} autoComplete="off" placeholder="证据持有人发给您的 8 位提取编号" style={{ textTransform: "uppercase" }} />}
        </FormField>
        <FormField control={control} name="extractCode" label="提取码">
          {({ field, id }) => <Input.Password {...field} id={id} maxLength={EXTRACT_CODE_LENGTH} inputMode="numeric" autoComplete="off" placeholder="与提取编号一起收到的 6 位数字" />}
        </FormField>
        <FormField control={control} name="vCode" label="验证码">
          {({ field, id }) => (
            <div style={{ display: "flex", gap: 8 }}>
              <Input {...field} id={id} maxLength={4} autoComplete="off" placeholder="图中的 4 位字符" />
              <CaptchaImage src={captcha} onRefresh={refreshCaptcha} />
            </div>
          )}
        </FormField>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={formState.isSubmitting}>
          登录并查看证据
        </Button>
      </form>
    </Form>
  );
}

