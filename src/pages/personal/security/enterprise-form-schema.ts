import { z } from "zod";
import { EnterpriseFieldsSchema, LICENCE_IMAGE_MISSING_MESSAGE, LICENCE_IMAGE_RULE } from "../../../schema/personal";
import { checkUpload } from "../../../schema/upload";

/** The enterprise form: the shared fields plus the licence photo, checked by the same rule the server applies. */
export const EnterpriseFormSchema = z.intersection(
  EnterpriseFieldsSchema,
  z.object({
    licenceImage: z
      .custom<File>((value) => typeof File !== "undefined" && value instanceof File, { error: LICENCE_IMAGE_MISSING_MESSAGE })
      .superRefine((file, ctx) => {
        const problem = checkUpload(file, LICENCE_IMAGE_RULE);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  }),
);
export type EnterpriseFormInput = z.input<typeof EnterpriseFormSchema>;
export type EnterpriseFormValues = z.output<typeof EnterpriseFormSchema>;
