import { zodResolver } from "@hookform/resolvers/zod";
import { App, Button, Form, Select } from "antd";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { RegionCascader } from "../../../components/region-cascader";
import { usePersonalServices } from "../../../providers/personal-context";
import { ResultCode } from "../../../schema/envelope";
import { INDUSTRIES } from "../../../schema/lists";
import type { Profile } from "../../../schema/personal";
import { ProfileFormSchema, type ProfileForm as ProfileFormValues } from "../../../schema/profile-form";
import { applyServerErrors } from "../server-errors";

/** Industry (spec §3 list 1-30) and region (province → city → district cascader), saved together. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (next: Profile) => void }) {
  const { personal } = usePersonalServices();
  const { message } = App.useApp();
  const [isSaving, setSaving] = useState(false);
  const { control, handleSubmit, setError } = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: {
      industryId: (profile.industryId ?? undefined) as ProfileFormValues["industryId"],
      region: profile.region ?? { province: "", city: "", district: "" },
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    const envelope = await personal.updateProfile(values).finally(() => setSaving(false));
    if (envelope.code === ResultCode.success && envelope.datas) {
      message.success("保存成功");
      onSaved(envelope.datas);
    } else if (!applyServerErrors(envelope, setError, ["industryId", "region.district"], { district: "region.district" })) {
      message.error(envelope.message);
    }
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={onSubmit} noValidate aria-label="行业与地区" style={{ maxWidth: 480 }}>
        <FormField control={control} name="industryId" label="所属行业">
          {({ field, id }) => (
            <Select
              id={id}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="请选择所属行业"
              aria-label="所属行业"
              options={INDUSTRIES.map((item) => ({ value: item.id, label: item.name }))}
              showSearch
              optionFilterProp="label"
            />
          )}
        </FormField>
        <Controller
          control={control}
          name="region"
          render={({ field, formState }) => {
            // The region's message sits on one of its three parts (province, city or district).
            const errors = formState.errors.region;
            const problem = errors?.province?.message ?? errors?.city?.message ?? errors?.district?.message;
            return (
              <Form.Item label="所在地区" htmlFor="profile-region" validateStatus={problem ? "error" : undefined} help={problem}>
                <RegionCascader id="profile-region" value={field.value} onChange={field.onChange} />
              </Form.Item>
            );
          }}
        />
        <Button type="primary" htmlType="submit" loading={isSaving}>
          保存
        </Button>
      </form>
    </Form>
  );
}
