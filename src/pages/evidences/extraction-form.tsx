import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Form, Input, InputNumber } from "antd";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField } from "../../components/form-field";
import { CreateExtractionSchema, REMARK_MAX_LENGTH, VALID_DAYS_DEFAULT, VALID_DAYS_MAX, VALID_DAYS_MIN } from "../../schema/evidence-library";

const FormSchema = CreateExtractionSchema.pick({ validDays: true, remark: true });
type Values = z.input<typeof FormSchema>;

/** Validity (1–30 days) and what the extraction is for; the chosen evidence comes from the table above. */
export function ExtractionForm({ count, isSubmitting, onSubmit }: { count: number; isSubmitting: boolean; onSubmit: (values: z.output<typeof FormSchema>) => void }) {
  const { control, handleSubmit } = useForm<Values, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    defaultValues: { validDays: VALID_DAYS_DEFAULT, remark: "" },
  });
  return (
    <Form layout="inline" component={false}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="生成提取码" style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-start" }}>
        <FormField control={control} name="validDays" label="有效期（天）">
          {({ field, id }) => (
            <InputNumber id={id} min={VALID_DAYS_MIN} max={VALID_DAYS_MAX} precision={0} value={field.value as number} onChange={(value) => field.onChange(value ?? undefined)} onBlur={field.onBlur} />
          )}
        </FormField>
        <FormField control={control} name="remark" label="用途说明">
          {({ field, id }) => <Input {...field} id={id} maxLength={REMARK_MAX_LENGTH} placeholder="选填，如：提交某某法院" style={{ width: 240 }} />}
        </FormField>
        <Button type="primary" htmlType="submit" disabled={count === 0} loading={isSubmitting}>
          生成提取码（{count} 条证据）
        </Button>
      </form>
    </Form>
  );
}
