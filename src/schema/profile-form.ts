import { z } from "zod";
import { IndustryIdSchema } from "./lists";
import { RegionSelectionSchema } from "./regions";

/**
 * The account-management profile form. Its own module because the region rule carries the whole
 * region list (@vant/area-data), which only this form and the server need: the providers and every
 * page that imports schema/personal stay free of it.
 */
export const ProfileFormSchema = z.object({ industryId: IndustryIdSchema, region: RegionSelectionSchema });
export type ProfileForm = z.infer<typeof ProfileFormSchema>;
