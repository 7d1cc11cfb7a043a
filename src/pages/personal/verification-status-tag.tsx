import { Tag } from "antd";
import { VERIFICATION_STATUS_TEXT } from "../../schema/personal";

const COLORS: Record<number, string> = { 1: "processing", 2: "success", 3: "error" };

/** 未认证 / 审核中 / 已认证 / 未通过 (VerificationStatus 0-3). */
export function VerificationStatusTag({ status }: { status: number | null | undefined }) {
  const value = status ?? 0;
  return <Tag color={COLORS[value]}>{VERIFICATION_STATUS_TEXT[value] ?? VERIFICATION_STATUS_TEXT[0]}</Tag>;
}
