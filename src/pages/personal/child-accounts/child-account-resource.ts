import { CHILD_ACCOUNT_ENDPOINTS } from "../../../schema/child-account";

/** The section's route key (DESIGN.md §5), as the access-control provider and the side navigation name it. */
export const CHILD_ACCOUNT_RESOURCE = "personal/childAccountManagement";

/** What the data provider needs to list the section (spec §3 pageP). */
export const CHILD_ACCOUNT_META = { endpoints: { list: CHILD_ACCOUNT_ENDPOINTS.list } };
