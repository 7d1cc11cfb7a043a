import type { z } from "zod";
import type { ContentSection } from "../../../components/public-page/content-section";

/** The plain statement these pages give instead of results until the evidence ledger is live. */
export const LEDGER_PENDING_STATEMENT = "此功能将随存证账本上线开放";

/** A query form: its fields come from the schema's shape, labels from each field's metadata. */
export interface LedgerQueryForm {
  schema: z.ZodObject<Record<string, z.ZodType>>;
  name: string;
  submitText: string;
}

/** One public evidence page: what it is for, how to use it, and its form where it has one. */
export interface LedgerQueryPageDefinition {
  path: string;
  title: string;
  lead: string;
  form?: LedgerQueryForm;
  /** The page verifies certificates (src/pages/info/verification), opening on this kind of query. */
  verification?: "certificateNo" | "file" | "digest";
  sections: readonly ContentSection[];
}
