import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { usePersonalServices } from "../../../providers/personal-context";
import { REAL_NAME_MAX_LENGTH } from "../../../schema/constants";
import { ResultCode } from "../../../schema/envelope";
import { RealNameFormSchema, type RealNameForm as RealNameFormValues, type RealNameInfo } from "../../../schema/personal";
import { applyServerErrors } from "../server-errors";

/** Real name and national ID (spec §5 rules); answers the application as the server now holds it. */
export function RealNameForm({ onSubmitted, onFailed }: { onSubmitted: (info: RealNameInfo) => void; onFailed: (message: string) => void }) {
  const { personal } = usePersonalServices();
  const [isPending, setPending] = useState(false);
  const { control, handleSubmit, setError } = useForm<RealNameFormValues>({
    resolver: zodResolver(RealNameFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { realName: "", idNumber: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    const envelope = await personal.submitRealName(values).finally(() => setPending(false));
    if (envelope.code === ResultCode.success && envelope.datas) onSubmitted(envelope.datas);
    else if (!applyServerErrors(envelope, setError, ["realName", "idNumber"])) onFailed(envelope.message);
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label="个人实名认证" style={{ maxWidth: 420 }}>
        <FormField control={control} name="realName" label="真实姓名">
          {({ field, id }) => <Input {...field} id={id} maxLength={REAL_NAME_MAX_LENGTH} placeholder="与身份证上的姓名一致" autoComplete="name" />}
        </FormField>
        <FormField control={control} name="idNumber" label="身份证号码" extra="提交后只以脱敏形式显示，如 1101**********002X">
          {({ field, id }) => <Input {...field} id={id} maxLength={18} placeholder="18 位居民身份证号码" autoComplete="off" />}
        </FormField>
        <Button type="primary" htmlType="submit" loading={isPending}>
          提交认证
        </Button>
      </form>
    </Form>
  );
}
