import type { ComponentType } from "react";
import type { z } from "zod";
import type { ContentSection } from "../../../components/public-page/content-section";
import type { ServiceRef } from "../../../resources/offered-services";

/**
 * A query form: its fields come from the schema's shape, labels from each field's metadata. The
 * schema loads with the form, so that the page definitions (read by the routes) carry no zod (issue 20).
 */
export interface LedgerQueryForm {
  loadSchema: () => Promise<z.ZodObject<Record<string, z.ZodType>>>;
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
  /** The page's own query of another kind of document (the notarial certificate's), loaded with the page. */
  query?: () => Promise<{ default: ComponentType }>;
  /** A page without verification: the service its documents come from, and what its absence means here. */
  source?: { service: ServiceRef; whileAbsent: string };
  sections: readonly ContentSection[];
}
