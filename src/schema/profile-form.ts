import { z } from "zod";
import { endpoint } from "./contract";
import { IndustryIdFieldSchema, IndustryIdSchema } from "./lists";
import { ProfileSchema } from "./personal";
import { RegionSelectionSchema } from "./regions";

/**
 * The account-management profile form and its call. Its own module because the region rule carries
 * the whole region list (@vant/area-data), which only this form and the server need: the providers
 * and every page that imports schema/personal stay free of it (the personal client loads this
 * module when a profile is saved).
 */
export const ProfileFormSchema = z.object({ industryId: IndustryIdSchema, region: RegionSelectionSchema });
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

export const PROFILE_ENDPOINTS = {
  /** The form's region travels as three flat fields beside the industry. */
  updateProfile: endpoint({
    method: "POST",
    path: "/personal/v2/updateProfile",
    input: RegionSelectionSchema.safeExtend({ industryId: IndustryIdFieldSchema }),
    datas: ProfileSchema,
    session: "user",
    tag: "个人中心",
    summary: "修改所属行业（1-30）与所在地区（省、市、区县编码）",
  }),
};
