import { Form } from "antd";
import type { FieldPath, FieldValues } from "react-hook-form";
import { ControlledField, type ControlledFieldProps, type FieldFrameProps } from "./controlled-field";

function AntdFrame({ id, label, error, extra, children }: FieldFrameProps) {
  return (
    <Form.Item label={label} htmlFor={id} extra={extra} validateStatus={error ? "error" : undefined} help={error}>
      {children}
    </Form.Item>
  );
}

/** One react-hook-form field inside an antd Form.Item, the antd way; every account form in the app uses it. */
export function FormField<T extends FieldValues, N extends FieldPath<T>>(props: ControlledFieldProps<T, N>) {
  return <ControlledField {...props} frame={AntdFrame} />;
}
