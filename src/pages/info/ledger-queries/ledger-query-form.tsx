import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Form, Input } from "antd";
import { use, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import type { QueryFieldMeta } from "../../../schema/evidence-query";
import type { LedgerQueryForm as LedgerQueryFormDefinition } from "./ledger-query-definition";

type Values = Record<string, string>;
type FormSchema = Awaited<ReturnType<LedgerQueryFormDefinition["loadSchema"]>>;

/** One schema load per form definition, shared by every render (use() needs the same promise). */
const schemas = new WeakMap<LedgerQueryFormDefinition, Promise<FormSchema>>();

function schemaOf(form: LedgerQueryFormDefinition): Promise<FormSchema> {
  let schema = schemas.get(form);
  if (!schema) {
    schema = form.loadSchema();
    schemas.set(form, schema);
  }
  return schema;
}

/**
 * The page's input form, checked with the shared schema rules. Nothing is sent: the service behind
 * the page is not offered here, and a checked form answers with the page's statement, not a result.
 */
export function LedgerQueryForm({ form, statement }: { form: LedgerQueryFormDefinition; statement: string }) {
  const schema = use(schemaOf(form));
  const names = Object.keys(schema.shape);
  const [isChecked, setChecked] = useState(false);
  const { control, handleSubmit } = useForm<Values>({
    // Every field of these forms is a text input, so the values are strings whatever the schema's input type says.
    resolver: zodResolver(schema) as Resolver<Values>,
    mode: "onSubmit",
    defaultValues: Object.fromEntries(names.map((name) => [name, ""])),
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={handleSubmit(() => setChecked(true))} noValidate aria-label={form.name} style={{ maxWidth: 520 }}>
        {names.map((name) => {
          const meta = schema.shape[name].meta() as QueryFieldMeta | undefined;
          return (
            <FormField key={name} control={control} name={name} label={meta?.title ?? name}>
              {({ field, id }) => (
                <Input
                  {...field}
                  id={id}
                  placeholder={meta?.placeholder}
                  autoComplete="off"
                  onChange={(event) => {
                    // An edited value has not been checked yet.
                    setChecked(false);
                    field.onChange(event);
                  }}
                />
              )}
            </FormField>
          );
        })}
        <Button type="primary" htmlType="submit">
          {form.submitText}
        </Button>
        {isChecked && (
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            showIcon
            message={`输入格式正确。${statement}，本次没有进行查询。`}
          />
        )}
      </form>
    </Form>
  );
}
