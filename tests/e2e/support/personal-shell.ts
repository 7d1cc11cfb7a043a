import type { Page } from "playwright-core";

/** Signs out as a person does in the logged-in shell: the user menu (components/shell/user-menu.tsx), then 退出登录. */
export async function logOutThroughUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^用户菜单：/ }).click();
  await page.getByRole("menuitem", { name: /退出登录/ }).click();
  await page.waitForURL("**/index");
}
