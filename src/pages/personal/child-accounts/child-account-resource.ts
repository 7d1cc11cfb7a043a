/** The section's route key (DESIGN.md §5), as the access-control provider and the side navigation name it. */
export const CHILD_ACCOUNT_RESOURCE = "personal/childAccountManagement";
