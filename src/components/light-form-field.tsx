import type { FieldPath, FieldValues } from "react-hook-form";
import { ControlledField, type ControlledFieldProps, type FieldFrameProps } from "./controlled-field";
import { LightField } from "./light/light-field";

function LightFrame({ id, label, error, extra, children }: FieldFrameProps) {
  return (
    <LightField label={label} htmlFor={id} error={error} help={extra}>
      {children}
    </LightField>
  );
}

/** FormField for the light pages (issue 20): the same binding in the light kit's field, without antd. */
export function LightFormField<T extends FieldValues, N extends FieldPath<T>>(props: ControlledFieldProps<T, N>) {
  return <ControlledField {...props} frame={LightFrame} />;
}
