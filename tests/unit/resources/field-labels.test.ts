import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EVIDENCE_FORMS } from "../../../src/pages/evidence/evidence-form-config";
import { LEDGER_QUERY_PAGES } from "../../../src/pages/info/ledger-queries/ledger-query-pages";
import { describeFields } from "../../../src/resources/field-meta";
import { REGISTRY } from "../../../src/resources/registry";
import { optionalText } from "../../../src/schema/string-rule";

/** A label a user reads: Chinese, or one of the digest names that are written in Latin letters in Chinese too. */
const isUserFacing = (label: string) => /\p{Script=Han}/u.test(label) || ["SHA-256", "SM3"].includes(label);

/** Every form and record the generic pages and the evidence forms draw, as [where, schema, field names]. */
const SHOWN_SCHEMAS: [string, z.ZodObject, readonly string[] | undefined][] = [
  ...REGISTRY.flatMap((main) =>
    main.sections.flatMap((section) => [
      ...(section.record ? [[`${main.key}/${section.key} record`, section.record, undefined] as [string, z.ZodObject, undefined]] : []),
      ...(section.form ? [[`${main.key}/${section.key} form`, section.form, undefined] as [string, z.ZodObject, undefined]] : []),
      // A page that shows other records than its section's (an affair's children, the library's list).
      ...section.pages.flatMap((page) =>
        page.kind !== "custom" && page.data?.record ? [[`${main.key}/${section.key}/${page.path} record`, page.data.record, undefined] as [string, z.ZodObject, undefined]] : [],
      ),
    ]),
  ),
  ...Object.entries(EVIDENCE_FORMS).map(([kind, config]) => [`${kind} evidence form`, config.schema, config.inputFields] as [string, z.ZodObject, readonly string[]]),
  // The ledger pages' form schemas load with their forms.
  ...(await Promise.all(LEDGER_QUERY_PAGES.flatMap((page) => (page.form ? [page.form.loadSchema().then((schema) => [`${page.path} form`, schema, undefined] as [string, z.ZodObject, undefined])] : [])))),
];

describe("field labels a user sees", () => {
  it("an optional text field keeps the label of the rule it wraps (the file-evidence dialog showed `name`)", () => {
    const Form = z.object({ name: optionalText(z.string().max(100).meta({ title: "存证名称" })) });
    expect(describeFields(Form).map((field) => [field.label, field.isRequired])).toEqual([["存证名称", false]]);
  });

  it.each(SHOWN_SCHEMAS)("%s: every field has a Chinese label, never its raw name", (_where, schema, names) => {
    const leaks = describeFields(schema, names).filter((field) => !isUserFacing(field.label));
    expect(leaks.map((field) => field.name)).toEqual([]);
  });
});
