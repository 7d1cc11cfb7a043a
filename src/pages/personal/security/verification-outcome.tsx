import { Descriptions, Result } from "antd";
import type { ReactNode } from "react";
import { VerificationStatus } from "../../../schema/account";

/** Shown above the form again after a rejection, with the operator's or provider's reason. */
export function rejectedMessage(subject: string, reason: string | null): string {
  return `${subject}未通过${reason ? `：${reason}` : ""}。请核对后重新提交。`;
}

export type OutcomeRow = { label: string; value: ReactNode };

/** A verification that is decided (verified) or waiting (under review), with what was submitted. */
export function VerificationOutcome({ status, title, rows, extra }: { status: number; title: string; rows: OutcomeRow[]; extra?: ReactNode }) {
  const isVerified = status === VerificationStatus.verified;
  return (
    <Result
      status={isVerified ? "success" : "info"}
      title={title}
      subTitle={isVerified ? undefined : "审核完成后，结果会显示在这里；审核期间不能重复提交。"}
      extra={extra}
    >
      <Descriptions column={1} bordered size="small" items={rows.map((row) => ({ key: row.label, label: row.label, children: row.value }))} />
    </Result>
  );
}
