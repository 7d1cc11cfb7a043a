import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Form, Input, Radio, Select } from "antd";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { usePersonalServices } from "../../../providers/personal-context";
import { ENTERPRISE_NAME_MAX_LENGTH } from "../../../schema/constants";
import { ResultCode } from "../../../schema/envelope";
import { INSTITUTION_TYPES } from "../../../schema/lists";
import { CERTIFICATE_KINDS, type EnterpriseInfo } from "../../../schema/personal";
import { applyServerErrors } from "../server-errors";
import { EnterpriseFormSchema, type EnterpriseFormInput, type EnterpriseFormValues } from "./enterprise-form-schema";
import { LicenceImageField } from "./licence-image-field";

const FIELDS = ["enterpriseName", "institutionType", "certificateKind", "certificateNumber", "licenceImage"] as const;

/** Organisation verification (spec §5 enterprise name, licence or organisation code, §3 institution types) with the licence photo. */
export function EnterpriseForm({ onSubmitted, onFailed }: { onSubmitted: (info: EnterpriseInfo) => void; onFailed: (message: string) => void }) {
  const { personal } = usePersonalServices();
  const [isPending, setPending] = useState(false);
  const { control, handleSubmit, setError } = useForm<EnterpriseFormInput, unknown, EnterpriseFormValues>({
    resolver: zodResolver(EnterpriseFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { enterpriseName: "", institutionType: undefined, certificateKind: "businessLicence", certificateNumber: "", licenceImage: undefined },
  });
  const certificateKind = useWatch({ control, name: "certificateKind" });

  const onSubmit = handleSubmit(async ({ licenceImage, ...fields }) => {
    setPending(true);
    const envelope = await personal.submitEnterprise(fields, licenceImage).finally(() => setPending(false));
    if (envelope.code === ResultCode.success && envelope.datas) onSubmitted(envelope.datas);
    else if (!applyServerErrors(envelope, setError, FIELDS)) onFailed(envelope.message);
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label="企业认证" style={{ maxWidth: 480 }}>
        <FormField control={control} name="enterpriseName" label="企业名称">
          {({ field, id }) => <Input {...field} id={id} maxLength={ENTERPRISE_NAME_MAX_LENGTH} placeholder="与营业执照上的名称一致" />}
        </FormField>
        <FormField control={control} name="institutionType" label="机构类型">
          {({ field, id }) => (
            <Select
              id={id}
              value={field.value as number | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="请选择机构类型"
              aria-label="机构类型"
              options={INSTITUTION_TYPES.map((item) => ({ value: item.id, label: item.name }))}
            />
          )}
        </FormField>
        <FormField control={control} name="certificateKind" label="证件类型">
          {({ field }) => (
            <Radio.Group value={field.value} onChange={(event) => field.onChange(event.target.value)} options={CERTIFICATE_KINDS.map((kind) => ({ value: kind.id, label: kind.name }))} />
          )}
        </FormField>
        <FormField control={control} name="certificateNumber" label={certificateKind === "organisationCode" ? "组织机构代码" : "统一社会信用代码 / 注册号"}>
          {({ field, id }) => <Input {...field} id={id} maxLength={40} placeholder={certificateKind === "organisationCode" ? "字母、数字或连字符" : "15 或 18 位"} />}
        </FormField>
        <FormField control={control} name="licenceImage" label="证照图片">
          {({ field, id }) => <LicenceImageField id={id} value={field.value as File | undefined} onChange={(file) => field.onChange(file)} />}
        </FormField>
        <Button type="primary" htmlType="submit" loading={isPending}>
          提交认证
        </Button>
      </form>
    </Form>
  );
}
