import { DatePicker, Form } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { forwardRef, type InputHTMLAttributes } from "react";
import { DATE_INPUT_MAX_LENGTH } from "../../schema/constants";
import { shanghaiDateKey } from "../../schema/shanghai-time";
import { checkTimeRange, queryDateSchema, type TimeRangeProblem } from "../../schema/time-range";

export const DATE_FORMAT = "YYYY-MM-DD";

/** The picker's text input, limited to the spec's 10 characters (antd passes no maxLength through). */
const DateInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function DateInput(props, ref) {
  return <input ref={ref} {...props} maxLength={DATE_INPUT_MAX_LENGTH} />;
});
const DATE_PICKER_PARTS = { input: DateInput };

export interface DateRangeValue {
  start: string;
  stop: string;
}

export interface DateRangeFieldsProps {
  /** The range being edited as YYYY-MM-DD text ("" for an open end). */
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** What is wrong with the range, shown under the end it concerns. */
  problem: TimeRangeProblem | null;
  label?: string;
  /** Today's date in Shanghai; a test passes a fixed clock. */
  now?: () => number;
}

/**
 * The two dates of the date-range filter of spec §2 and §5: up to 10 characters each, YYYY-MM-DD,
 * not after today. Applying (and checking with findProblem) belongs to the list filter bar, so
 * that one 查询 applies every filter of a list at once.
 */
export function DateRangeFields({ value, onChange, problem, label = "时间范围", now = Date.now }: DateRangeFieldsProps) {
  const today = shanghaiDateKey(now());
  const picker = (end: keyof DateRangeValue, placeholder: string) => (
    <Form.Item
      label={end === "start" ? label : "至"}
      colon={end === "start"}
      validateStatus={problem?.field === end ? "error" : undefined}
      help={problem?.field === end ? problem.message : undefined}
      style={{ marginBottom: 0, marginInlineEnd: 8 }}
    >
      <DatePicker
        aria-label={placeholder}
        placeholder={placeholder}
        format={DATE_FORMAT}
        components={DATE_PICKER_PARTS}
        value={toDay(value[end])}
        disabledDate={(day) => day.format(DATE_FORMAT) > today}
        onChange={(_day, text) => onChange({ ...value, [end]: typeof text === "string" ? text : "" })}
        style={{ width: 140 }}
      />
    </Form.Item>
  );
  return (
    <>
      {picker("start", "开始日期")}
      {picker("stop", "结束日期")}
    </>
  );
}

function toDay(text: string): Dayjs | null {
  const day = text ? dayjs(text, DATE_FORMAT) : null;
  return day?.isValid() ? day : null;
}

/** Spec §5: each given end is a real YYYY-MM-DD date not after today; then the range rule. */
export function findProblem(range: DateRangeValue, now: () => number = Date.now): TimeRangeProblem | null {
  for (const field of ["start", "stop"] as const) {
    if (range[field] === "") continue;
    const checked = queryDateSchema(now).safeParse(range[field]);
    if (!checked.success) return { field, message: checked.error.issues[0].message };
  }
  return checkTimeRange(range.start, range.stop);
}
